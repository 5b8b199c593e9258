import { type HomeDaysOff, type HomeShift, localDateInZone } from '@shiftline/shared';
import { DateTime } from 'luxon';

const inZone = (iso: string, zone: string) => DateTime.fromISO(iso, { zone }).setLocale('en-US');

/** 'Tue, Nov 24 · 9:00 AM – 5:00 PM' in the viewer's zone. */
export function shiftWhen(shift: Pick<HomeShift, 'start_utc' | 'end_utc'>, zone: string): string {
  const start = inZone(shift.start_utc, zone);
  const end = inZone(shift.end_utc, zone);
  return `${start.toFormat('ccc, LLL d')} · ${start.toFormat('h:mm a')} – ${end.toFormat('h:mm a')}`;
}

/** The local day a shift starts on, for the team calendar's '#date=' link. */
export const shiftDay = (shift: Pick<HomeShift, 'start_utc'>, zone: string): string =>
  localDateInZone(Date.parse(shift.start_utc), zone);

/**
 * The days of a days-off request, 'Dec 7 – Dec 9' or 'Dec 7', counted in the owner's zone (where they are whole
 * days), so every viewer reads the same days.
 */
export function daysOffWhen(request: Pick<HomeDaysOff, 'start_utc' | 'end_utc' | 'timezone'>): string {
  const first = inZone(request.start_utc, request.timezone);
  const last = inZone(request.end_utc, request.timezone).minus({ milliseconds: 1 });
  return first.hasSame(last, 'day')
    ? first.toFormat('ccc, LLL d')
    : `${first.toFormat('LLL d')} – ${last.toFormat('LLL d')}`;
}

/** What a waiting item is waiting for, in the user's words. */
export function waitingLabel(item: { status: string; sent_for_approval?: boolean }): string {
  if (item.status === 'vac_cancel_requested') return 'Cancellation requested';
  if (item.status === 'vac_pending') return 'Days off requested';
  return item.sent_for_approval === false ? 'Not sent yet' : 'Waiting for approval';
}
