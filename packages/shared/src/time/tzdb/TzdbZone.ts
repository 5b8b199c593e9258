import { Zone, type ZoneOffsetFormat, type ZoneOffsetOptions } from 'luxon';
import type { ZoneTimeline } from './zoneTimeline.js';

/** Long names of the abbreviations the thirteen zones use (Luxon's 'ZZZZZ'). */
const LONG_NAMES: Record<string, string> = {
  PST: 'Pacific Standard Time',
  PDT: 'Pacific Daylight Time',
  MST: 'Mountain Standard Time',
  MDT: 'Mountain Daylight Time',
  CST: 'Central Standard Time',
  CDT: 'Central Daylight Time',
  EST: 'Eastern Standard Time',
  EDT: 'Eastern Daylight Time',
  AST: 'Atlantic Standard Time',
  ADT: 'Atlantic Daylight Time',
  NST: 'Newfoundland Standard Time',
  NDT: 'Newfoundland Daylight Time',
  AKST: 'Alaska Standard Time',
  AKDT: 'Alaska Daylight Time',
  HST: 'Hawaii-Aleutian Standard Time',
};

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * An IANA zone whose offsets come from the generated tzdb table instead of the runtime's Intl (whose tz data differs
 * between Node and browsers). Luxon formats such a zone by shifting to UTC, so Intl never sees its name.
 */
export class TzdbZone extends Zone {
  constructor(
    private readonly zoneName: string,
    private readonly timeline: ZoneTimeline,
  ) {
    super();
  }

  override get type(): string {
    return 'tzdb';
  }

  override get name(): string {
    return this.zoneName;
  }

  override get isUniversal(): boolean {
    return false;
  }

  override get isValid(): true {
    return true;
  }

  override offset(ts: number): number {
    return this.timeline.periodAt(ts).offsetMinutes;
  }

  /** 'PST', 'NDT', ...; the long format spells the abbreviation out. */
  override offsetName(ts: number, options: ZoneOffsetOptions): string {
    const { abbreviation } = this.timeline.periodAt(ts);
    return options.format === 'long' ? (LONG_NAMES[abbreviation] ?? abbreviation) : abbreviation;
  }

  /** As Luxon's own zones do: '-7' or '-3:30' (narrow), '-07:00' (short), '-0700' (techie). */
  override formatOffset(ts: number, format: ZoneOffsetFormat): string {
    const offset = this.offset(ts);
    const sign = offset >= 0 ? '+' : '-';
    const hours = Math.trunc(Math.abs(offset) / 60);
    const minutes = Math.abs(offset) % 60;
    if (format === 'narrow') return `${sign}${hours}${minutes > 0 ? `:${minutes}` : ''}`;
    if (format === 'techie') return `${sign}${pad(hours)}${pad(minutes)}`;
    return `${sign}${pad(hours)}:${pad(minutes)}`;
  }

  override equals(other: Zone): boolean {
    return other.type === this.type && other.name === this.name;
  }
}
