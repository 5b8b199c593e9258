import type { MonthDay } from '@shiftline/shared';

/** '3 pending · 1 off': a day label's counts of pending shifts and approved days off, zeros left out. */
export function daySummaryText(summary: Pick<MonthDay, 'count_shifts' | 'count_vacations'> | undefined): string {
  if (!summary) return '';
  const parts: string[] = [];
  if (summary.count_shifts > 0) parts.push(`${summary.count_shifts} pending`);
  if (summary.count_vacations > 0) parts.push(`${summary.count_vacations} off`);
  return parts.join(' · ');
}
