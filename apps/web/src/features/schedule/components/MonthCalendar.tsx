import FullCalendar, { type EventClickInfo, type EventInput } from '@fullcalendar/react';
import Box from '@mui/material/Box';
import { markerDate } from '../../../lib/calendarZone';
import { calendarSx } from '../../../ui/calendarStyles';
import { MONTH_GRID, useMonthGrid } from '../../../ui/monthGrid';
import type { ScheduleItem } from '../utils/scheduleItem';
import { ScheduleEventContent } from './ScheduleEventContent';

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
  const { calendar, now } = useMonthGrid(month, zone);

  const handleEventClick = (info: EventClickInfo) => {
    const item = info.event.extendedProps.item as ScheduleItem;
    onItemClick(item, info.event.start ? markerDate(info.event.start) : focusDay);
  };

  return (
    <Box sx={calendarSx} data-testid="month-calendar">
      <FullCalendar
        ref={calendar}
        {...MONTH_GRID}
        initialDate={`${month}-01`}
        now={now}
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
