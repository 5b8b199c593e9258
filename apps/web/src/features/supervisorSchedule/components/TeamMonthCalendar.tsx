import FullCalendar, { type CalendarRef, type EventInput } from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import interactionPlugin from '@fullcalendar/react/interaction';
import classicThemePlugin from '@fullcalendar/react/themes/classic';
import Box from '@mui/material/Box';
import { CALENDAR_HEIGHTS, type TeamSchedule } from '@shiftline/shared';
import { useEffect, useRef } from 'react';
import { calendarSx } from '../../schedule/components/calendarStyles';
import { daySummaryText } from '../utils/daySummary';
import { ATOM_CLASS, type AtomEvent } from '../utils/monthEvents';
import { AgentAtom } from './AgentAtom';

const PLUGINS = [dayGridPlugin, interactionPlugin, classicThemePlugin];

type TeamMonthCalendarProps = {
  /** 'YYYY-MM'. */
  month: string;
  focusDay: string | null;
  zone: string;
  events: EventInput[];
  summary: TeamSchedule['summary'];
  /** A day cell, one of its atoms or its "+more" link was clicked (local ISO date). */
  onDayClick: (day: string) => void;
};

// A marker's UTC fields are the local wall-clock date.
const markerDay = (date: Date) => date.toISOString().slice(0, 10);

/** The team month grid: per day its counts and an atom per agent working that day, in the viewer's zone. */
export function TeamMonthCalendar({ month, focusDay, zone, events, summary, onDayClick }: TeamMonthCalendarProps) {
  const calendar = useRef<CalendarRef>(null);

  useEffect(() => {
    calendar.current?.getApi().gotoDate(`${month}-01`);
  }, [month]);

  return (
    <Box
      sx={{
        ...calendarSx,
        [`& .${ATOM_CLASS}`]: { backgroundColor: 'transparent', borderColor: 'transparent', color: 'text.primary' },
        [`& .${ATOM_CLASS}:hover`]: { backgroundColor: 'action.hover' },
      }}
      data-testid="team-month-calendar"
    >
      <FullCalendar
        ref={calendar}
        plugins={PLUGINS}
        initialView="dayGridMonth"
        initialDate={`${month}-01`}
        timeZone={zone}
        locale="en-US"
        firstDay={0}
        fixedWeekCount={false}
        headerToolbar={false}
        height={CALENDAR_HEIGHTS.month}
        dayMaxEvents
        eventDisplay="block"
        eventOrder="order"
        events={events}
        eventContent={(info) => {
          const { atom } = info.event.extendedProps as { atom: AtomEvent };
          return (
            <Box sx={{ px: 0.25, fontSize: '0.75rem', minWidth: 0 }}>
              <AgentAtom point={atom.point} />
            </Box>
          );
        }}
        dayCellTopContent={(info) => {
          const day = markerDay(info.date);
          const text = daySummaryText(summary[day]);
          return (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, width: '100%' }}>
              {text ? (
                <Box
                  component="span"
                  data-testid="day-summary"
                  data-date={day}
                  sx={{ fontSize: '0.7rem', color: 'text.secondary', whiteSpace: 'nowrap' }}
                >
                  {text}
                </Box>
              ) : null}
              <Box component="span">{info.dayNumberText}</Box>
            </Box>
          );
        }}
        dayCellClass={(info) => (markerDay(info.date) === focusDay ? 'sl-focused-day' : undefined)}
        dateClick={(info) => onDayClick(info.dateStr.slice(0, 10))}
        eventClick={(info) => {
          const { atom } = info.event.extendedProps as { atom: AtomEvent };
          onDayClick(atom.day);
        }}
        moreLinkClick={(info) => {
          onDayClick(markerDay(info.date));
          return 'popover';
        }}
      />
    </Box>
  );
}
