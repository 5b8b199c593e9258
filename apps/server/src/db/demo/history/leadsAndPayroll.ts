import { hourlyEarningsCents, statutoryPayCents } from '@shiftline/shared';
import { commissionOf } from '@shiftline/shared/live/billing';
import type { Random } from '../random.js';
import type { CallRecord } from './callOutcomes.js';
import { pickWeighted } from './callOutcomes.js';
import { CopyBuffer, copyInstant } from './copyText.js';

export const LEAD_COLUMNS = [
  'call_id',
  'campaign_id',
  'agent_id',
  'created_at',
  'valid',
  'sold',
  'amount_cents',
  'commission_cents',
] as const;

const PRICES: [number, number][] = [
  [4900, 0.25],
  [9900, 0.3],
  [14900, 0.2],
  [19900, 0.12],
  [29900, 0.08],
  [49900, 0.05],
];
/** Agents earn a tenth of what they sell. */

type Lead = { valid: boolean; sold: boolean; amountCents: number };

/**
 * Connected cold calls leave sales leads: every closed sale, half of the "call back later" (valid, not yet sold),
 * and a few "not interested" that were recorded anyway (mostly invalid).
 */
function leadOf(random: Random, call: CallRecord): Lead | null {
  switch (call.disposition) {
    case 'saleClosed':
      return { valid: true, sold: true, amountCents: pickWeighted(random, PRICES) };
    case 'callBackLater':
      return random.chance(0.5) ? { valid: true, sold: false, amountCents: 0 } : null;
    case 'notInterested':
      return random.chance(0.08) ? { valid: random.chance(0.3), sold: false, amountCents: 0 } : null;
    default:
      return null;
  }
}

/** Bi-weekly pay periods counted from Monday 2024-01-01 (UTC dates). */
const PERIOD_ANCHOR = Date.UTC(2024, 0, 1) / 1000;
const PERIOD_SECONDS = 14 * 86_400;
const periodOf = (time: number) => Math.floor((time - PERIOD_ANCHOR) / PERIOD_SECONDS);
const isoDate = (time: number) => new Date(time * 1000).toISOString().slice(0, 10);

export type PaymentRow = {
  user_id: number;
  period_start: string;
  period_end: string;
  paid_at: Date;
  hourly_cents: number;
  statutory_cents: number;
  commission_cents: number;
};

/** Sales leads as calls end, and per agent and pay period the paid seconds and commissions that payroll pays. */
export class LeadsAndPayroll {
  readonly leads = new CopyBuffer('sales_leads', LEAD_COLUMNS);
  private paidSeconds = new Map<string, number>();
  private commissions = new Map<string, number>();

  constructor(private readonly random: Random) {}

  addCall(call: CallRecord): void {
    if (call.agentId === null) return;
    const lead = leadOf(this.random, call);
    if (!lead) return;
    const commission = lead.sold ? commissionOf(lead.amountCents) : 0;
    this.leads.add([
      call.id,
      call.campaignId,
      call.agentId,
      copyInstant(call.endedAt),
      lead.valid,
      lead.sold,
      lead.amountCents,
      commission,
    ]);
    if (commission > 0) this.add(this.commissions, call.agentId, call.endedAt, commission);
  }

  addPaidTime(userId: number, start: number, seconds: number): void {
    this.add(this.paidSeconds, userId, start, seconds);
  }

  /**
   * One payment per agent and pay period that lies wholly in the history and was paid by `now` (one payroll run
   * per period, four to six days after it ends): hourly from paid time × the agent's rate, statutory on top,
   * commissions of the period's sales.
   */
  payments(historyStart: number, now: number, payRates: Map<number, number>): PaymentRow[] {
    const rows: PaymentRow[] = [];
    const keys = [...this.paidSeconds.keys()].sort();
    for (const key of keys) {
      const [userId, period] = key.split(':').map(Number) as [number, number];
      const periodStart = PERIOD_ANCHOR + period * PERIOD_SECONDS;
      const paidAt = periodStart + PERIOD_SECONDS + (4 + (period % 3)) * 86_400 + 16 * 3600;
      if (periodStart < historyStart || paidAt > now) continue;
      const hourly = hourlyEarningsCents(this.paidSeconds.get(key) ?? 0, payRates.get(userId) ?? 0);
      rows.push({
        user_id: userId,
        period_start: isoDate(periodStart),
        period_end: isoDate(periodStart + PERIOD_SECONDS - 86_400),
        paid_at: new Date(paidAt * 1000),
        hourly_cents: hourly,
        statutory_cents: statutoryPayCents(hourly),
        commission_cents: this.commissions.get(key) ?? 0,
      });
    }
    return rows;
  }

  private add(sums: Map<string, number>, userId: number, time: number, amount: number): void {
    const key = `${userId}:${periodOf(time)}`;
    sums.set(key, (sums.get(key) ?? 0) + amount);
  }
}
