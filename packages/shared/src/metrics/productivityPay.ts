import { STATUTORY_PAY_PERCENT } from './constants.js';

/** The productivity page's money values, all in integer cents (spec §3 "Productivity values"). */
export type ProductivityPay = {
  /** Paid time × pay rate, summed over the agents. */
  hourlyCents: number;
  /** STATUTORY_PAY_PERCENT of the hourly earnings. */
  statutoryCents: number;
  /** The Earned card: hourly + statutory. */
  earnedCents: number;
  commissionCents: number;
  alreadyPaidCents: number;
  /** Earned + commissions − already paid, never below 0. */
  toBePaidCents: number;
};

/** One agent's hourly earnings: paid seconds × rate per hour, to the nearest cent. */
export const hourlyEarningsCents = (paidSeconds: number, rateCentsPerHour: number): number =>
  Math.round((Math.max(paidSeconds, 0) * Math.max(rateCentsPerHour, 0)) / 3600);

/** Statutory pay on hourly earnings, to the nearest cent. */
export const statutoryPayCents = (hourlyCents: number): number =>
  Math.round((Math.max(hourlyCents, 0) * STATUTORY_PAY_PERCENT) / 100);

/**
 * The four cards' values for a set of agents. Hourly earnings are rounded per agent (each agent's pay is a cent
 * amount of its own), statutory pay once on their sum.
 */
export function productivityPay(input: {
  agents: readonly { paidSeconds: number; rateCents: number }[];
  commissionCents: number;
  alreadyPaidCents: number;
}): ProductivityPay {
  const hourlyCents = input.agents.reduce(
    (sum, agent) => sum + hourlyEarningsCents(agent.paidSeconds, agent.rateCents),
    0,
  );
  const statutoryCents = statutoryPayCents(hourlyCents);
  const earnedCents = hourlyCents + statutoryCents;
  return {
    hourlyCents,
    statutoryCents,
    earnedCents,
    commissionCents: input.commissionCents,
    alreadyPaidCents: input.alreadyPaidCents,
    toBePaidCents: Math.max(0, earnedCents + input.commissionCents - input.alreadyPaidCents),
  };
}
