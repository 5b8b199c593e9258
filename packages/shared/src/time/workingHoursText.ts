import { offsetAt } from './offsetTransitions.js';
import { timeZoneLabel } from './timezones.js';
import {
  type DayHours,
  holidayOn,
  isOpenAt,
  nextOpening,
  type OpenInterval,
  type WorkingHours,
  windowOfLocalDate,
} from './workingHours.js';
import { localDateInZone } from './zonedFormat.js';

/** '9:00 AM': an instant's wall clock in a zone. */
export function formatHourMinute(epochMs: number, zone: string): string {
  const local = new Date(epochMs + offsetAt(zone, epochMs) * 60_000);
  const hour = local.getUTCHours();
  const minute = String(local.getUTCMinutes()).padStart(2, '0');
  return `${hour % 12 || 12}:${minute} ${hour < 12 ? 'AM' : 'PM'}`;
}

/**
 * An open stretch in the viewer's zone, '9:00 AM – 5:00 PM'; one that ends on a later day there is marked
 * '(night)' (the spec draws it as a night shift), one ending exactly at midnight is not.
 */
export function formatOpenInterval(interval: OpenInterval, zone: string): string {
  const text = `${formatHourMinute(interval.start, zone)} – ${formatHourMinute(interval.end, zone)}`;
  return localDateInZone(interval.end - 1, zone) > localDateInZone(interval.start, zone) ? `${text} (night)` : text;
}

/** The window that opens on the campaign's local date, in the viewer's zone, or why it stays closed. */
export function formatHoursOn(hours: WorkingHours, date: string, zone: string): string {
  const holiday = holidayOn(hours, date);
  if (holiday) return holiday.name ? `Closed (${holiday.name})` : 'Closed (holiday)';
  const window = windowOfLocalDate(hours, date);
  if (!window) return 'Closed';
  // A whole local day (24:00 close, 23 or 25 hours across a clock change) reads as such wherever it is viewed.
  const day = hours.weekly[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7] as DayHours;
  if (day.open === '00:00' && day.close === '24:00') return 'Open 24 hours';
  return formatOpenInterval(window, zone);
}

/** Today's hours (the campaign's today) for the lists, and whether it is open right now. */
export function todayHours(hours: WorkingHours, nowMs: number, zone: string): { text: string; open: boolean } {
  const date = localDateInZone(nowMs, hours.time_zone);
  return { text: formatHoursOn(hours, date, zone), open: isOpenAt(hours, nowMs) };
}

const SHORT_DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const sameDay = (a: DayHours | null, b: DayHours | null) => a?.open === b?.open && a?.close === b?.close;
const dayText = (day: DayHours) =>
  day.open === '00:00' && day.close === '24:00' ? '24 hours' : `${day.open}–${day.close}`;

/**
 * The week in the campaign's own zone, runs of equal days together: 'Mon–Fri 09:00–17:00, Sat 10:00–14:00 (St
 * Johns)'; closed days are left out ('Closed' when every day is).
 */
export function summarizeWeek(hours: Pick<WorkingHours, 'weekly' | 'time_zone'>): string {
  const parts: string[] = [];
  let index = 0;
  while (index < 7) {
    const day = hours.weekly[index] ?? null;
    let last = index;
    while (last < 6 && sameDay(hours.weekly[last + 1] ?? null, day)) last += 1;
    if (day) {
      const days = last === index ? SHORT_DAYS[index] : `${SHORT_DAYS[index]}–${SHORT_DAYS[last]}`;
      parts.push(`${days} ${dayText(day)}`);
    }
    index = last + 1;
  }
  const zone = timeZoneLabel(hours.time_zone);
  return parts.length === 0 ? `Closed (${zone})` : `${parts.join(', ')} (${zone})`;
}

/**
 * Why a closed campaign refuses a call or a dial, and when it opens next, in the campaign's own zone:
 * 'Maple Telecom Retention is closed now (outside its working hours): it opens Mon 9:30 AM (St Johns).'
 */
export function closedCampaignMessage(name: string, hours: WorkingHours, nowMs: number): string {
  const opens = nextOpening(hours, nowMs);
  const closed = `${name} is closed now (outside its working hours)`;
  if (opens === null) return `${closed}.`;
  const day = SHORT_DAYS[(new Date(`${localDateInZone(opens, hours.time_zone)}T00:00:00Z`).getUTCDay() + 6) % 7];
  return `${closed}: it opens ${day} ${formatHourMinute(opens, hours.time_zone)} (${timeZoneLabel(hours.time_zone)}).`;
}
