import { instantOf, proposeBreaks } from '@shiftline/shared';

export const iso = (ms: number) => new Date(ms).toISOString();

/** A save_new_event body from local times in a zone, with the breaks the dialog proposes. */
export function shiftBodyIn(zone: string, day: string, from: string, to: string, toDay = day) {
  const start = instantOf(day, from, zone);
  const end = instantOf(toDay, to, zone);
  return {
    start: iso(start),
    end: iso(end),
    breaks: proposeBreaks({ start, end }).map((b) => ({ type: b.type, start: iso(b.start) })),
  };
}

/** A days-off range of whole local days in `zone`: from the start of `first` to the start of `dayAfterLast`. */
export const dayRangeIn = (zone: string) => (first: string, dayAfterLast: string) => ({
  start: iso(instantOf(first, '00:00', zone)),
  end: iso(instantOf(dayAfterLast, '00:00', zone)),
});

/** shiftBodyIn with the zone of a whole test file. */
export const shiftBodiesIn =
  (zone: string) =>
  (day: string, from: string, to: string, toDay = day) =>
    shiftBodyIn(zone, day, from, to, toDay);
