const WHOLE = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/**
 * Time as hours and minutes, e.g. 10,480,465 s → '2,911 h 14 min', 2,700 s → '45 min', 0 → '0 min': a year of
 * a centre's time is read at a glance, not as '174,674.42' minutes. Seconds are dropped.
 */
export function formatDuration(seconds: number): string {
  const minutes = Math.floor(Math.max(0, Number.isFinite(seconds) ? seconds : 0) / 60);
  const hours = Math.floor(minutes / 60);
  if (hours === 0) return `${minutes} min`;
  return `${WHOLE.format(hours)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

/**
 * Shares with 2 decimals (spec §9), e.g. 46.5 → '46.50%'. A share of 100 % or more (productive time against a
 * little on-call time) reads as a multiple, 1,175.97 → '11.8×', not as '1,175.97%'.
 */
export function formatPercent(percent: number): string {
  if (percent >= 100) return `${(percent / 100).toFixed(1)}×`;
  return `${percent.toFixed(2)}%`;
}
