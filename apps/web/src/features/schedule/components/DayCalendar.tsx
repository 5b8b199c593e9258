import FullCalendar, { type CalendarRef, type EventClickInfo, type EventInput } from '@fullcalendar/react';
import classicThemePlugin from '@fullcalendar/react/themes/classic';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import Box from '@mui/material/Box';
import { CALENDAR_HEIGHTS, type Shift } from '@shiftline/shared';
import { type KeyboardEvent, useEffect, useMemo, useRef } from 'react';
import { CALENDAR_TIME_ZONE, calendarNow } from '../../../lib/calendarZone';
import { calendarSx } from '../../../ui/calendarStyles';
import type { ScheduleItem } from '../utils/scheduleItem';
import { DELETE_SHIFT_TEST_ID, ScheduleEventContent } from './ScheduleEventContent';

const PLUGINS = [timeGridPlugin, classicThemePlugin];

type DayCalendarProps = {
  day: string;
  zone: string;
  events: EventInput[];
  /** Whether the viewer may delete a shift (the shared transition table decides). */
  mayDelete: (shift: Shift) => boolean;
  onDelete: (shift: Shift) => void;
  onItemClick: (item: ScheduleItem) => void;
};

const DAY_MS = 86_400_000;

/** Where the day view opens: an hour before the day's first event, else at 7 AM (events carry calendar markers). */
function scrollTimeFor(day: string, events: EventInput[]): string {
  const dayStart = Date.parse(`${day}T00:00:00Z`);
  const starts = events
    .filter((event) => typeof event.start === 'number' && typeof event.end === 'number')
    .filter((event) => (event.end as number) > dayStart && (event.start as number) < dayStart + DAY_MS)
    .map((event) => Math.max(event.start as number, dayStart));
  if (starts.length === 0) return '07:00:00';
  const firstHour = new Date(Math.min(...starts)).getUTCHours();
  return `${String(Math.max(0, firstHour - 1)).padStart(2, '0')}:00:00`;
}

/** The right-hand day view: hourly slots with shifts, their breaks and lunches, and vacations. */
export function DayCalendar({ day, zone, events, mayDelete, onDelete, onItemClick }: DayCalendarProps) {
  const calendar = useRef<CalendarRef>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const scrollTime = scrollTimeFor(day, events);
  const now = useMemo(() => calendarNow(zone), [zone]);

  useEffect(() => {
    const api = calendar.current?.getApi();
    api?.gotoDate(day);
    // Once the grid for the day is drawn, bring the opening hour to the top of the scroller.
    const frame = requestAnimationFrame(() => {
      const box = scroller.current;
      const slot = box?.querySelector(`[data-time="${scrollTime}"]`);
      if (!box || !slot) return;
      box.scrollTop += slot.getBoundingClientRect().top - box.getBoundingClientRect().top;
    });
    return () => cancelAnimationFrame(frame);
  }, [day, scrollTime]);

  const handleEventClick = (info: EventClickInfo) => {
    if ((info.jsEvent.target as Element | null)?.closest(`[data-testid="${DELETE_SHIFT_TEST_ID}"]`)) return;
    onItemClick(info.event.extendedProps.item as ScheduleItem);
  };

  // The delete button sits inside the focusable event, so it stays out of the Tab order (an interactive element may
  // not nest another); from the keyboard, the Delete key on a focused shift asks the same question.
  const handleKeyDown = (keyEvent: KeyboardEvent<HTMLDivElement>) => {
    if (keyEvent.key !== 'Delete') return;
    const shiftId = (keyEvent.target as HTMLElement).querySelector('[data-shift-id]')?.getAttribute('data-shift-id');
    const item = events.find((event) => event.id === `shift-${shiftId}`)?.extendedProps?.item as
      | ScheduleItem
      | undefined;
    if (item?.kind !== 'shift' || !mayDelete(item.shift)) return;
    keyEvent.preventDefault();
    onDelete(item.shift);
  };

  return (
    // The calendar is drawn at full height inside a scroller of our own: a focusable, named region outside the
    // calendar's table, so a keyboard user can scroll a day that holds nothing focusable.
    <Box
      ref={scroller}
      role="region"
      aria-label="Day timeline"
      tabIndex={0}
      sx={{ ...calendarSx, height: CALENDAR_HEIGHTS.day, overflowY: 'auto' }}
      onKeyDown={handleKeyDown}
    >
      <FullCalendar
        ref={calendar}
        plugins={PLUGINS}
        initialView="timeGridDay"
        initialDate={day}
        timeZone={CALENDAR_TIME_ZONE}
        now={now}
        locale="en-US"
        headerToolbar={false}
        dayHeaders={false}
        height="auto"
        slotMinHeight={CALENDAR_HEIGHTS.dayIntervalHeight}
        slotDuration="00:30:00"
        slotHeaderInterval="01:00"
        nowIndicator
        events={events}
        eventContent={(info) => {
          const item = info.event.extendedProps.item as ScheduleItem;
          const deletable = item.kind === 'shift' && mayDelete(item.shift);
          return (
            <ScheduleEventContent item={item} zone={zone} view="day" onDelete={deletable ? onDelete : undefined} />
          );
        }}
        eventClick={handleEventClick}
        eventDidMount={(info) => {
          const item = info.event.extendedProps.item as ScheduleItem;
          if (item.kind === 'shift' && mayDelete(item.shift)) info.el.setAttribute('aria-keyshortcuts', 'Delete');
        }}
      />
    </Box>
  );
}
