import {
  bucketRange,
  can,
  localDateInZone,
  localDayAndHour,
  type ParsedProductivityLoadBody,
  type Payroll,
  type ProductivityPayResult,
  type ProductivityResult,
  productivityPay,
  summarizeStateSeconds,
} from '@shiftline/shared';
import type { UserRow } from '../../db/schema.js';
import { longName } from '../users/index.js';
import type { ProductivityAgentRow, ProductivityRepository, StateSecondsRow } from './productivity.repository.js';
import { type AgentStateSums, productivityBreakdown } from './productivity.summary.js';

const HOUR_MS = 3_600_000;

/** Whether a local hour is inside the time-of-day filter; a start after the end wraps past midnight. */
export const hourInFilter = (hour: number, startHour: number, endHour: number): boolean =>
  startHour <= endHour ? hour >= startHour && hour <= endHour : hour >= startHour || hour <= endHour;

/** The bucket starts whose local hour passes the filter; null when every hour does (no filter needed). */
function bucketStartsInHours(fromMs: number, toMs: number, zone: string, startHour: number, endHour: number) {
  if (startHour === 0 && endHour === 23) return null;
  const starts: number[] = [];
  for (let ms = fromMs; ms < toMs; ms += HOUR_MS) {
    if (hourInFilter(localDayAndHour(ms, zone).hour, startHour, endHour)) starts.push(ms);
  }
  return starts;
}

function rowsByAgent(rows: readonly StateSecondsRow[]): Map<number, StateSecondsRow[]> {
  const byAgent = new Map<number, StateSecondsRow[]>();
  for (const row of rows) {
    const list = byAgent.get(row.userId);
    if (list) list.push(row);
    else byAgent.set(row.userId, [row]);
  }
  return byAgent;
}

const statesOf = (rows: readonly StateSecondsRow[] | undefined, pick: (row: StateSecondsRow) => number) =>
  (rows ?? []).map((row) => ({ state: row.state, seconds: pick(row) }));

export function createProductivityService(deps: { productivity: ProductivityRepository }) {
  const { productivity } = deps;

  /**
   * Row rules: an agent only ever gets their own time (campaigns mode narrows it to some of their campaigns);
   * other roles get the listed agents they ask for (all when none), or every listed agent in campaigns mode.
   */
  async function scope(viewer: UserRow, body: ParsedProductivityLoadBody) {
    const campaignIds = body.mode === 'campaigns' && body.ids.length > 0 ? body.ids : null;
    if (viewer.role === 'agent') {
      const self = await productivity.findAgent(viewer.id);
      return { agents: self ? [self] : [], campaignIds };
    }
    const askedAgents = body.mode === 'agents' && body.ids.length > 0 ? body.ids : null;
    return { agents: await productivity.listAgents(askedAgents), campaignIds };
  }

  async function payFor(
    agents: readonly ProductivityAgentRow[],
    rows: Map<number, StateSecondsRow[]>,
    range: { fromMs: number; toMs: number; firstDay: string; lastDay: string },
  ): Promise<ProductivityPayResult> {
    const ids = agents.map((agent) => agent.id);
    const [commissions, payments] = await Promise.all([
      productivity.commissions(ids, range.fromMs, range.toMs),
      productivity.payments(ids, range.firstDay, range.lastDay),
    ]);
    const payrolls: Payroll[] = payments.map((payment) => ({
      id: payment.id,
      agentId: payment.user_id,
      name: longName(payment),
      periodStart: payment.period_start,
      periodEnd: payment.period_end,
      paidAt: new Date(payment.paid_at).toISOString(),
      hourlyCents: payment.hourly_cents,
      statutoryCents: payment.statutory_cents,
      commissionCents: payment.commission_cents,
      totalCents: payment.hourly_cents + payment.statutory_cents + payment.commission_cents,
    }));
    const pay = productivityPay({
      // Pay covers the whole period: the hour and campaign filters narrow the charts, not what is owed.
      agents: agents.map((agent) => ({
        paidSeconds: summarizeStateSeconds(statesOf(rows.get(agent.id), (row) => row.rangeSeconds)).paidSeconds,
        rateCents: agent.pay_rate_cents,
      })),
      commissionCents: [...commissions.values()].reduce((sum, cents) => sum + cents, 0),
      alreadyPaidCents: payrolls.reduce((sum, payroll) => sum + payroll.totalCents, 0),
    });
    return { ...pay, payrolls };
  }

  return {
    async load(viewer: UserRow, body: ParsedProductivityLoadBody): Promise<ProductivityResult> {
      const { agents, campaignIds } = await scope(viewer, body);
      const range = bucketRange(body.start, body.end, body.timezone);
      const rows = rowsByAgent(
        await productivity.stateSeconds({
          agentIds: agents.map((agent) => agent.id),
          alignment: range.alignment,
          fromMs: range.fromMs,
          toMs: range.toMs,
          bucketStartsMs: bucketStartsInHours(range.fromMs, range.toMs, body.timezone, body.startHour, body.endHour),
          campaignIds,
        }),
      );
      const perAgent: AgentStateSums[] = agents.map((agent) => ({
        agentId: agent.id,
        name: longName(agent),
        states: statesOf(rows.get(agent.id), (row) => row.seconds),
      }));
      const onlySelf = agents.length === 1 && agents[0]?.id === viewer.id;
      const showsPay = onlySelf || can(viewer.role, 'productivity.pay_others');
      const pay = showsPay
        ? await payFor(agents, rows, {
            fromMs: body.start * 1000,
            toMs: (body.end + 1) * 1000,
            firstDay: localDateInZone(body.start * 1000, body.timezone),
            lastDay: localDateInZone(body.end * 1000, body.timezone),
          })
        : null;
      return {
        timezone: body.timezone,
        mode: body.mode,
        agents: agents.map((agent) => ({ id: agent.id, name: longName(agent) })),
        ...productivityBreakdown(perAgent),
        pay,
      };
    },
  };
}

export type ProductivityService = ReturnType<typeof createProductivityService>;
