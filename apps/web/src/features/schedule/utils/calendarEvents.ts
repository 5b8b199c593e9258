import type { EventInput } from '@fullcalendar/react';
import { type Shift, type ShiftStatus, STATUS_CATALOGUE, type Vacation } from '@shiftline/shared';
import { DateTime } from 'luxon';
import { calendarMarker } from '../../../lib/calendarZone';
import { PENDING_CLASS } from '../../../ui/calendarClasses';
import { isShownVacation } from './isShownVacation';
import type { ScheduleItem } from './scheduleItem';

/** Colours of things the status catalogue does not cover. */
export const ITEM_COLORS = { break: '#0284c7', lunch: '#db2777', vacation: '#64748b' } as const;

const WHITE = '#ffffff';

export function statusColor(status: ShiftStatus): string {
  return STATUS_CATALOGUE.find((entry) => entry.status === status)?.color ?? ITEM_COLORS.vacation;
}

const event = (id: string, item: ScheduleItem, input: Omit<EventInput, 'id' | 'extendedProps'>): EventInput => ({
  id,
  ...input,
  extendedProps: { item },
});

// Timed events are placed by calendar markers (lib/calendarZone): the viewer's wall clock from the shared tz table.
function shiftEvent(shift: Shift, zone: string): EventInput {
  const color = statusColor(shift.status);
  const pending = shift.status === 'pending';
  return event(
    `shift-${shift.id}`,
    { kind: 'shift', shift },
    {
      start: calendarMarker(Date.parse(shift.start_utc), zone),
      end: calendarMarker(Date.parse(shift.end_utc), zone),
      color: pending ? WHITE : color,
      contrastColor: pending ? color : WHITE,
      class: pending ? PENDING_CLASS : undefined,
    },
  );
}

function breakEvents(shift: Shift, zone: string): EventInput[] {
  return shift.breaks.map((plannedBreak, index) => {
    const start = Date.parse(plannedBreak.start);
    const end = Date.parse(plannedBreak.end);
    return event(
      `shift-${shift.id}-break-${index}`,
      { kind: 'break', type: plannedBreak.type, start, end, shift },
      {
        start: calendarMarker(start, zone),
        end: calendarMarker(end, zone),
        color: ITEM_COLORS[plannedBreak.type],
        contrastColor: WHITE,
      },
    );
  });
}

/** A vacation of whole local days is drawn all-day; one that starts or ends within a day is drawn timed. */
function vacationEvent(vacation: Vacation, zone: string): EventInput {
  const start = DateTime.fromISO(vacation.start_utc, { zone });
  const end = DateTime.fromISO(vacation.end_utc, { zone });
  const wholeDays = +start === +start.startOf('day') && +end === +end.startOf('day');
  const pending = vacation.status === 'vac_pending';
  return event(
    `vacation-${vacation.id}`,
    { kind: 'vacation', vacation },
    {
      start: wholeDays ? (start.toISODate() as string) : calendarMarker(start.toMillis(), zone),
      end: wholeDays ? (end.toISODate() as string) : calendarMarker(end.toMillis(), zone),
      allDay: wholeDays,
      color: pending ? WHITE : ITEM_COLORS.vacation,
      contrastColor: pending ? ITEM_COLORS.vacation : WHITE,
      class: pending ? PENDING_CLASS : undefined,
    },
  );
}

type Source = {
  shifts: readonly Shift[];
  vacations: readonly Vacation[];
  hidden: ReadonlySet<ShiftStatus>;
  zone: string;
};

const shownShifts = ({ shifts, hidden }: Source) => shifts.filter((shift) => !hidden.has(shift.status));
const shownVacations = ({ vacations, zone }: Source) =>
  vacations.filter(isShownVacation).map((vacation) => vacationEvent(vacation, zone));

/** The month grid: shifts and vacations (breaks would crowd the cells). */
export function monthEvents(source: Source): EventInput[] {
  return [...shownShifts(source).map((shift) => shiftEvent(shift, source.zone)), ...shownVacations(source)];
}

/** The day view: shifts with their breaks and lunches as events of their own, and vacations. */
export function dayEvents(source: Source): EventInput[] {
  return [
    ...shownShifts(source).flatMap((shift) => [shiftEvent(shift, source.zone), ...breakEvents(shift, source.zone)]),
    ...shownVacations(source),
  ];
}
