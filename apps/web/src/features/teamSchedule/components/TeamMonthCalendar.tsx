import FullCalendar from '@fullcalendar/react';
import Box from '@mui/material/Box';
import type { TeamMonth } from '@shiftline/shared';
import { useMemo } from 'react';
import { markerDate as markerDay } from '../../../lib/calendarZone';
import { calendarSx } from '../../../ui/calendarStyles';
import { MONTH_GRID, useMonthGrid } from '../../../ui/monthGrid';
import { daySummaryText } from '../utils/daySummary';
import { ATOM_CLASS, type AtomEvent, monthAtomEvents } from '../utils/monthEvents';
import { AgentAtom } from './AgentAtom';

type TeamMonthCalendarProps = {
  /** 'YYYY-MM'. */
  month: string;
  focusDay: string | null;
  zone: string;
  /** The month summary: per day counts, headcount and first atoms. */
  summary: TeamMonth;
  /** A day cell, one of its atoms or its "+more" link was clicked (local ISO date). */
  onDayClick: (day: string) => void;
};

/**
 * The team month grid in the viewer's zone: per day its counts, its scheduled headcount, its first agent atoms
 * and '+N others' for the rest, which opens the day.
 */
export function TeamMonthCalendar({ month, focusDay, zone, summary, onDayClick }: TeamMonthCalendarProps) {
  const { calendar, now } = useMonthGrid(month, zone);
  const events = useMemo(() => monthAtomEvents(summary), [summary]);

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
        {...MONTH_GRID}
        initialDate={`${month}-01`}
        now={now}
        eventOrder="order"
        events={events}
        eventContent={(info) => {
          const { atom } = info.event.extendedProps as { atom: AtomEvent };
          return (
            <Box sx={{ px: 0.25, fontSize: '0.75rem', minWidth: 0 }}>
              {atom.kind === 'atom' ? (
                <AgentAtom point={atom.agent} />
              ) : (
                <Box component="span" data-testid="day-others" data-date={atom.day} sx={{ color: 'primary.main' }}>
                  +{atom.count} others
                </Box>
              )}
            </Box>
          );
        }}
        dayCellTopContent={(info) => {
          const day = markerDay(info.date);
          const counts = summary.days[day];
          const text = daySummaryText(counts);
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
              {counts && counts.headcount > 0 ? (
                <Box
                  component="span"
                  data-testid="day-headcount"
                  data-date={day}
                  title={`${counts.headcount} agents scheduled`}
                  sx={{ fontSize: '0.7rem', fontWeight: 600, color: 'text.primary', whiteSpace: 'nowrap' }}
                >
                  {counts.headcount} scheduled
                </Box>
              ) : null}
              <Box component="span" sx={{ ml: 'auto' }}>
                {info.dayNumberText}
              </Box>
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
