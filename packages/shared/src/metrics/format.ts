import { COMPARISON_DASH } from './constants.js';

/** Rounds to 2 decimals; the epsilon keeps values such as 1.005 from rounding down through float error. */
export const round2 = (value: number): number => Math.round((value + Number.EPSILON) * 100) / 100;

/** `part` as a percent of `total`, 2 decimals; 0 when the total is 0 (spec §5), never NaN or Infinity. */
export function percentOf(part: number, total: number): number {
  if (total === 0 || !Number.isFinite(part) || !Number.isFinite(total)) return 0;
  return round2((part / total) * 100);
}

/**
 * Change of `current` against `previous` in percent, 2 decimals (e.g. 150 vs 100 → 50, 50 vs 100 → -50);
 * a dash when the compared value is 0 (spec §5), since no change ratio exists then.
 */
export function comparisonPercent(current: number, previous: number): number | typeof COMPARISON_DASH {
  if (previous === 0) return COMPARISON_DASH;
  return round2(((current - previous) / previous) * 100);
}

/** A donut slice's share of the total with 2 decimals, e.g. 1 of 8 → '12.50%'; '0.00%' for an empty donut. */
export function formatDonutPercent(part: number, total: number): string {
  return `${percentOf(part, total).toFixed(2)}%`;
}

/**
 * Queue time as 'm:ss': whole seconds (rounded), minutes unbounded, seconds always two digits so values
 * below 10 get a leading zero (spec §9). 65 → '1:05', 7 → '0:07', 600 → '10:00', 3725 → '62:05'.
 * Negative or non-finite input shows '0:00'.
 */
export function formatQueueTime(seconds: number): string {
  const whole = Number.isFinite(seconds) ? Math.max(0, Math.round(seconds)) : 0;
  const minutes = Math.floor(whole / 60);
  const rest = whole % 60;
  return `${minutes}:${String(rest).padStart(2, '0')}`;
}

const moneyFormat = (decimals: number) =>
  new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  });
const CARD_MONEY = moneyFormat(2);
const ROW_MONEY = moneyFormat(0);

/** Dashboard cards and totals: cents to dollars with 2 decimals, e.g. 123456789 → '$1,234,567.89'. */
export const formatMoneyCard = (cents: number): string => CARD_MONEY.format(cents / 100);

/** Table rows: cents to whole dollars (half away from zero), e.g. 123450 → '$1,235'. */
export const formatMoneyRow = (cents: number): string => ROW_MONEY.format(cents / 100);

/** Total minutes always round up (spec §9): 1 s is 1 minute, 60 s is 1, 61 s is 2. Negative input counts as 0. */
export const minutesRoundedUp = (seconds: number): number => Math.max(0, Math.ceil(seconds / 60));

/** Total minutes for display, rounded up with thousands separators, e.g. 3_600_001 s → '60,001'. */
export const formatMinutesTotal = (seconds: number): string => minutesRoundedUp(seconds).toLocaleString('en-US');
