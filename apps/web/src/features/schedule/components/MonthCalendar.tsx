import FullCalendar, { type CalendarRef, type EventClickInfo, type EventInput } from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import interactionPlugin from '@fullcalendar/react/interaction';
import classicThemePlugin from '@fullcalendar/react/themes/classic';
import Box from '@mui/material/Box';
import { CALENDAR_HEIGHTS } from '@shiftline/shared';
import { useEffect, useMemo, useRef } from 'react';
import { CALENDAR_TIME_ZONE, calendarNow, markerDate } from '../../../lib/calendarZone';
import { calendarSx } from '../../../ui/calendarStyles';
import type { ScheduleItem } from '../utils/scheduleItem';
import { ScheduleEventContent } from './ScheduleEventContent';

const PLUGINS = [dayGridPlugin, interactionPlugin, classicThemePlugin];

type MonthCalendarProps = {
  /** 'YYYY-MM'. */
  month: string;
  focusDay: string;
  zone: string;
  events: EventInput[];
  /** A day cell or its "+more" link was clicked (local ISO date). */
  onDayClick: (day: string) => void;
  onItemClick: (item: ScheduleItem, day: string) => void;
};

/** The centre month grid, in the viewer's time zone (weeks start on Sunday, like the data period). */
export function MonthCalendar({ month, focusDay, zone, events, onDayClick, onItemClick }: MonthCalendarProps) {
  const calendar = useRef<CalendarRef>(null);
  const now = useMemo(() => calendarNow(zone), [zone]);

  useEffect(() => {
    calendar.current?.getApi().gotoDate(`${month}-01`);
  }, [month]);

  const handleEventClick = (info: EventClickInfo) => {
    const item = info.event.extendedProps.item as ScheduleItem;
    onItemClick(item, info.event.start ? markerDate(info.event.start) : focusDay);
  };

  return (
    <Box sx={calendarSx} data-testid="month-calendar">
      <FullCalendar
        ref={calendar}
        plugins={PLUGINS}
        initialView="dayGridMonth"
        initialDate={`${month}-01`}
        timeZone={CALENDAR_TIME_ZONE}
        now={now}
        locale="en-US"
        firstDay={0}
        fixedWeekCount={false}
        headerToolbar={false}
        height={CALENDAR_HEIGHTS.month}
        dayMaxEvents
        eventDisplay="block"
        events={events}
        eventContent={(info) => (
          <ScheduleEventContent item={info.event.extendedProps.item as ScheduleItem} zone={zone} view="month" />
        )}
        dayCellClass={(info) => (markerDate(info.date) === focusDay ? 'sl-focused-day' : undefined)}
        dateClick={(info) => onDayClick(info.dateStr.slice(0, 10))}
        // Day numbers are links, so a keyboard user can open a day (a cell click is mouse-only).
        navLinks
        navLinkDayClick={(date) => onDayClick(markerDate(date))}
        moreLinkClick={(info) => {
          onDayClick(markerDate(info.date));
          return 'popover';
        }}
        eventClick={handleEventClick}
      />
    </Box>
  );
}
