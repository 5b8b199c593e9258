import { DateTime } from 'luxon';

/**
 * Whole days picked in one zone as the same dates in another: days off are their owner's local days, so days a
 * supervisor picks in their own zone (midnight to midnight there) become those dates from midnight to midnight in the
 * owner's zone. A period that does not start and end at midnight in the picker's zone is kept as it is.
 */
export function sameDaysInZone(
  period: { start: number; end: number },
  pickerZone: string,
  ownerZone: string,
): { start: number; end: number } {
  const start = DateTime.fromMillis(period.start, { zone: pickerZone });
  const end = DateTime.fromMillis(period.end, { zone: pickerZone });
  const wholeDays = +start === +start.startOf('day') && +end === +end.startOf('day');
  if (!wholeDays || pickerZone === ownerZone) return period;
  const midnight = (local: DateTime) =>
    DateTime.fromObject({ year: local.year, month: local.month, day: local.day }, { zone: ownerZone }).toMillis();
  return { start: midnight(start), end: midnight(end) };
}
