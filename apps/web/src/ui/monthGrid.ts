import type { CalendarOptions, CalendarRef } from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import interactionPlugin from '@fullcalendar/react/interaction';
import classicThemePlugin from '@fullcalendar/react/themes/classic';
import { CALENDAR_HEIGHTS } from '@shiftline/shared';
import { useEffect, useMemo, useRef } from 'react';
import { CALENDAR_TIME_ZONE, calendarNow } from '../lib/calendarZone';

/**
 * The month grid both calendars draw (the personal and the team month): weeks from Sunday like the data period,
 * the page's own month navigation instead of FullCalendar's toolbar, days on the shared tz table's markers.
 */
export const MONTH_GRID: CalendarOptions = {
  plugins: [dayGridPlugin, interactionPlugin, classicThemePlugin],
  initialView: 'dayGridMonth',
  timeZone: CALENDAR_TIME_ZONE,
  locale: 'en-US',
  firstDay: 0,
  fixedWeekCount: false,
  headerToolbar: false,
  height: CALENDAR_HEIGHTS.month,
  dayMaxEvents: true,
  eventDisplay: 'block',
};

/** The grid's handle and 'today' in the zone; the grid follows `month` ('YYYY-MM') when it changes. */
export function useMonthGrid(month: string, zone: string) {
  const calendar = useRef<CalendarRef>(null);
  // Days are dates, so only 'today' depends on the zone: it comes from the shared tz table (lib/calendarZone).
  const now = useMemo(() => calendarNow(zone), [zone]);
  useEffect(() => {
    calendar.current?.getApi().gotoDate(`${month}-01`);
  }, [month]);
  return { calendar, now };
}
