import { DateTime } from 'luxon';

/** A state's start as the viewer's wall clock: today's show the time, older ones the date too. */
export function formatStateSince(iso: string, zone: string, nowMs: number): string {
  const at = DateTime.fromISO(iso, { zone }).setLocale('en-US');
  if (!at.isValid) return '—';
  const today = DateTime.fromMillis(nowMs, { zone }).hasSame(at, 'day');
  return today ? at.toFormat('HH:mm:ss') : at.toFormat('LLL d, HH:mm');
}

/** Call Type and Source cells: the value, or a dash when the agent holds no call. */
export const orDash = (value: string | null): string => value ?? '—';

/** 'inbound' → 'Inbound'. */
export const formatCallType = (value: string | null): string =>
  value ? value.charAt(0).toUpperCase() + value.slice(1) : '—';
