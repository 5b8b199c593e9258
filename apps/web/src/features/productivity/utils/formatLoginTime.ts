/** Total login time as hours and minutes, e.g. 12,960 s → '3 h 36 min', 0 → '0 h 00 min'. Seconds are dropped. */
export function formatLoginTime(seconds: number): string {
  const minutes = Math.floor(Math.max(0, Number.isFinite(seconds) ? seconds : 0) / 60);
  const hours = Math.floor(minutes / 60);
  return `${hours.toLocaleString('en-US')} h ${String(minutes % 60).padStart(2, '0')} min`;
}
