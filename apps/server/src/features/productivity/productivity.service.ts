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
import type {
  AgentProductivitySums,
  PayBasis,
  ProductivityAgentRow,
  ProductivityRepository,
} from './productivity.repository.js';
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

  function payFor(
    agents: readonly ProductivityAgentRow[],
    basis: Map<number, PayBasis>,
    paid: { count: number; cents: number },
  ): ProductivityPayResult {
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

  const perAgentSums = (agents: readonly ProductivityAgentRow[], counted: readonly AgentProductivitySums[]) => {
    const sumsByAgent = new Map(counted.map((row) => [row.userId, row]));
    return agents.map(
      (agent): AgentStateSums => ({
        agentId: agent.id,
        name: longName(agent),
        states: sumsByAgent.get(agent.id)?.states ?? [],
      }),
    );
  };

  /** The agents counted, the range and the page's filters, after the viewer's row rules. */
  async function loadScope(viewer: UserRow, body: ParsedProductivityLoadBody) {
    const { agents, campaignIds } = await scope(viewer, body);
    const range = bucketRange(body.start, body.end, body.timezone);
    const localHours = hoursInFilter(body.startHour, body.endHour);
    return { agents, range, localHours, campaignIds, filtered: localHours !== null || campaignIds !== null };
  }

  return {
    async load(viewer: UserRow, body: ParsedProductivityLoadBody): Promise<ProductivityResult> {
      const { agents, range, localHours, campaignIds, filtered } = await loadScope(viewer, body);
      const agentIds = agents.map((agent) => agent.id);
      const showPay = showsPay(viewer, agents);
      const { firstDay, lastDay } = payDays(body);
      // Pay covers the whole period: the hour and campaign filters narrow the charts, not what is owed, so a filtered
      // load reads the period's pay basis too. The reads are independent: each on its own connection, at once.
      const [counted, periodBasis, paid] = await Promise.all([
        productivity.productivitySums({ agentIds, range, localHours, campaignIds }),
        showPay && filtered ? productivity.payBasis(agentIds, range) : null,
        showPay ? productivity.paymentTotals(agentIds, firstDay, lastDay) : null,
      ]);
      const basis =
        periodBasis ??
        new Map(
          counted.map((row) => [row.userId, { paidSeconds: row.paidSeconds, commissionCents: row.commissionCents }]),
        );
      return {
        timezone: body.timezone,
        mode: body.mode,
        agents: agents.map((agent) => ({ id: agent.id, name: longName(agent) })),
        ...productivityBreakdown(perAgentSums(agents, counted)),
        pay: paid ? payFor(agents, basis, paid) : null,
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
      const { agents, range, localHours, campaignIds } = await loadScope(viewer, body);
      const counted = await productivity.productivitySums({
        agentIds: agents.map((agent) => agent.id),
        range,
        localHours,
        campaignIds,
      });
      const series = { group: body.group, subCategory: body.subCategory };
      return { ...series, ...seriesAgentShares(perAgentSums(agents, counted), series) };
    },
  };
}

export type ProductivityService = ReturnType<typeof createProductivityService>;
