/** Minutes in the stats lists: always 2 decimals with thousands separators, e.g. 1234.5 → '1,234.50'. */
export const formatMinutes = (minutes: number): string =>
  minutes.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Percents with 2 decimals (spec §9), e.g. 46.5 → '46.50%'. */
export const formatPercent = (percent: number): string => `${percent.toFixed(2)}%`;
