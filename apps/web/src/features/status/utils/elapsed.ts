const pad = (value: number) => String(value).padStart(2, '0');

/** Seconds as hh:mm:ss (hours grow past 99 rather than wrap); a negative span (clock skew) shows as 00:00:00. */
export function formatElapsed(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  return `${pad(hours)}:${pad(minutes)}:${pad(whole % 60)}`;
}

/** Seconds from `startIso` to now on the server's clock (`offsetMs`: server minus browser), or 0 without a start. */
export function secondsSince(startIso: string | null, nowMs: number, offsetMs: number): number {
  if (startIso === null) return 0;
  const start = Date.parse(startIso);
  if (Number.isNaN(start)) return 0;
  return (nowMs + offsetMs - start) / 1000;
}
