/*
 * How a call is billed and what an agent earns on a sale: one rule for the history generator and the live engine.
 */

/** A call is billed when answered and talked for at least this long (seconds). */
export const BILLABLE_TALK_SECONDS = 10;

/** Billed time is talk plus hold, for a billed call; none otherwise. */
export function billingOf(call: { answered: boolean; talkSeconds: number; holdSeconds: number }): {
  billed: boolean;
  billedSeconds: number;
} {
  const billed = call.answered && call.talkSeconds >= BILLABLE_TALK_SECONDS;
  return { billed, billedSeconds: billed ? call.talkSeconds + call.holdSeconds : 0 };
}

/** The agent's commission: this share of a sold lead's amount. */
export const COMMISSION_SHARE = 0.1;
export const commissionOf = (amountCents: number) => Math.round(amountCents * COMMISSION_SHARE);
