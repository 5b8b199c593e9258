import type { SetPlannerResult, SkippedDayReason } from '@shiftline/shared';
import { DateTime } from 'luxon';

const REASONS: Record<SkippedDayReason, string> = {
  shift: 'another shift',
  days_off: 'days off',
  before_display_from: 'before the start date',
  planner: 'overlaps this planner',
};

const shortDay = (date: string) => DateTime.fromISO(date).setLocale('en-US').toFormat('LLL d');

/**
 * The days a planner did not plan, grouped by reason: 'Skipped: Jan 15 (another shift); Jan 21, Jan 22 (days
 * off).' Empty when none were skipped. Long lists name the first days and count the rest.
 */
export function skippedDaysText(skipped: SetPlannerResult['skipped_days'] | undefined, shown = 8): string {
  if (!skipped || skipped.length === 0) return '';
  const groups = new Map<SkippedDayReason, string[]>();
  for (const { date, reason } of skipped) groups.set(reason, [...(groups.get(reason) ?? []), date]);
  const parts = [...groups].map(([reason, dates]) => {
    const named = dates.slice(0, shown).map(shortDay).join(', ');
    const more = dates.length > shown ? ` and ${dates.length - shown} more` : '';
    return `${named}${more} (${REASONS[reason]})`;
  });
  return `Skipped: ${parts.join('; ')}.`;
}
