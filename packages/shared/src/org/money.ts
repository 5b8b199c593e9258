/** Default CAD rate in the top bar; a rate stored in the browser overrides it. */
export const DEFAULT_TOPBAR_CAD_RATE = 1.22;

/** The CAD rate field: minimum 1; empty, zero or unreadable input resets to 1. */
export function normalizeCadRate(input: string | number | null | undefined): number {
  const value = typeof input === 'number' ? input : Number.parseFloat(String(input ?? '').trim());
  if (!Number.isFinite(value) || value === 0) return 1;
  return Math.max(1, value);
}

/** The profile rate: stored value (cents) divided by 100, shown with 2 decimals. */
export function formatPayRate(cents: number): string {
  return (cents / 100).toFixed(2);
}
