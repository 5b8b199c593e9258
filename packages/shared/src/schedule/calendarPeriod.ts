import { DateTime } from 'luxon';

/**
 * The month calendar's period: from the start of the week containing the 1st to the end of the week
 * containing the last day (weeks start on Sunday), as local dates and as UTC instants in the viewer's zone.
 */
export function calendarPeriod(month: string, zone: string) {
  const first = DateTime.fromISO(`${month}-01`, { zone }).startOf('day');
  const last = first.endOf('month');
  const start = first.minus({ days: first.weekday % 7 });
  const end = last.plus({ days: 6 - (last.weekday % 7) }).endOf('day');
  return {
    startDate: start.toISODate() as string,
    endDate: end.toISODate() as string,
    startUtc: start.toUTC().toISO() as string,
    endUtc: end.plus({ milliseconds: 1 }).toUTC().toISO() as string,
  };
}

/** The instant of a local date and time in a zone; on a spring-forward gap Luxon moves forward, as clocks do. */
export function instantOf(localDate: string, localTime: string, zone: string): number {
  return DateTime.fromISO(`${localDate}T${localTime}`, { zone }).toMillis();
}
