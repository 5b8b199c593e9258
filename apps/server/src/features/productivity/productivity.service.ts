import {
  bucketRange,
  can,
  localDateInZone,
  type ParsedProductivityLoadBody,
  type ParsedProductivitySeriesAgentsBody,
  type Payroll,
  type ProductivityPayResult,
  type ProductivityPayrolls,
  type ProductivityResult,
  type ProductivitySeriesAgents,
  productivityPay,
} from '@shiftline/shared';
import type { UserRow } from '../../db/schema.js';
import { forbidden } from '../../plugins/errors.js';
import { longName } from '../users/index.js';
import type { PayBasis, ProductivityAgentRow, ProductivityRepository } from './productivity.repository.js';
import { type AgentStateSums, productivityBreakdown, seriesAgentShares } from './productivity.summary.js';

/** Whether a local hour is inside the time-of-day filter; a start after the end wraps past midnight. */
export const hourInFilter = (hour: number, startHour: number, endHour: number): boolean =>
  startHour <= endHour ? hour >= startHour && hour <= endHour : hour >= startHour || hour <= endHour;

const HOURS_OF_DAY = Array.from({ length: 24 }, (_, hour) => hour);

/** The local hours the time-of-day filter keeps; null when it keeps all 24 (no filter needed). */
function hoursInFilter(startHour: number, endHour: number): number[] | null {
  const hours = HOURS_OF_DAY.filter((hour) => hourInFilter(hour, startHour, endHour));
  return hours.length === HOURS_OF_DAY.length ? null : hours;
}

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

  /** Pay is shown when the agents counted are the viewer alone, or the viewer may see others' pay. */
  const showsPay = (viewer: UserRow, agents: readonly ProductivityAgentRow[]) =>
    (agents.length === 1 && agents[0]?.id === viewer.id) || can(viewer.role, 'productivity.pay_others');

  /** The local days whose payrolls count: those whose whole period lies in the range. */
  const payDays = (body: ParsedProductivityLoadBody) => ({
    firstDay: localDateInZone(body.start * 1000, body.timezone),
    lastDay: localDateInZone(body.end * 1000, body.timezone),
  });

  async function payFor(
    agents: readonly ProductivityAgentRow[],
    basis: Map<number, PayBasis>,
    days: { firstDay: string; lastDay: string },
  ): Promise<ProductivityPayResult> {
    const paid = await productivity.paymentTotals(
      agents.map((agent) => agent.id),
      days.firstDay,
      days.lastDay,
    );
    const pay = productivityPay({
      agents: agents.map((agent) => ({
        paidSeconds: basis.get(agent.id)?.paidSeconds ?? 0,
        rateCents: agent.pay_rate_cents,
      })),
      commissionCents: [...basis.values()].reduce((sum, agent) => sum + agent.commissionCents, 0),
      alreadyPaidCents: paid.cents,
    });
    return { ...pay, payrollCount: paid.count };
  }

  /** The counted agents' capped seconds per state, after the viewer's row rules and the page's filters. */
  async function countedTime(viewer: UserRow, body: ParsedProductivityLoadBody) {
    const { agents, campaignIds } = await scope(viewer, body);
    const agentIds = agents.map((agent) => agent.id);
    const range = bucketRange(body.start, body.end, body.timezone);
    const localHours = hoursInFilter(body.startHour, body.endHour);
    const counted = await productivity.productivitySums({ agentIds, range, localHours, campaignIds });
    const sumsByAgent = new Map(counted.map((row) => [row.userId, row]));
    const perAgent: AgentStateSums[] = agents.map((agent) => ({
      agentId: agent.id,
      name: longName(agent),
      states: sumsByAgent.get(agent.id)?.states ?? [],
    }));
    return { agents, perAgent, counted, range, filtered: localHours !== null || campaignIds !== null };
  }

  return {
    async load(viewer: UserRow, body: ParsedProductivityLoadBody): Promise<ProductivityResult> {
      const { agents, perAgent, counted, range, filtered } = await countedTime(viewer, body);
      // Pay covers the whole period: the hour and campaign filters narrow the charts, not what is owed.
      const basis = !showsPay(viewer, agents)
        ? null
        : filtered
          ? await productivity.payBasis(
              agents.map((agent) => agent.id),
              range,
            )
          : new Map(
              counted.map((row) => [
                row.userId,
                { paidSeconds: row.paidSeconds, commissionCents: row.commissionCents },
              ]),
            );
      const pay = basis ? await payFor(agents, basis, payDays(body)) : null;
      return {
        timezone: body.timezone,
        mode: body.mode,
        agents: agents.map((agent) => ({ id: agent.id, name: longName(agent) })),
        ...productivityBreakdown(perAgent),
        pay,
      };
    },

    /** The payrolls Already Paid adds up, under the load's row rules; refused where the load shows no pay. */
    async payrolls(viewer: UserRow, body: ParsedProductivityLoadBody): Promise<ProductivityPayrolls> {
      const { agents } = await scope(viewer, body);
      if (!showsPay(viewer, agents)) throw forbidden('You may only see your own pay.');
      const { firstDay, lastDay } = payDays(body);
      const payments = await productivity.payments(
        agents.map((agent) => agent.id),
        firstDay,
        lastDay,
      );
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
      return { payrolls };
    },

    /** One series' per-agent list, under the same row rules and filters as the load. */
    async seriesAgents(viewer: UserRow, body: ParsedProductivitySeriesAgentsBody): Promise<ProductivitySeriesAgents> {
      const { perAgent } = await countedTime(viewer, body);
      const series = { group: body.group, subCategory: body.subCategory };
      return { ...series, ...seriesAgentShares(perAgent, series) };
    },
  };
}

export type ProductivityService = ReturnType<typeof createProductivityService>;
