/** The thirteen North American zones the product supports, in the spec's order. */
export const TIME_ZONES = [
  { id: 'America/Vancouver', label: 'Vancouver' },
  { id: 'America/Los_Angeles', label: 'Los Angeles' },
  { id: 'America/New_York', label: 'New York' },
  { id: 'America/Edmonton', label: 'Mountain' },
  { id: 'America/Denver', label: 'Denver' },
  { id: 'America/Phoenix', label: 'Phoenix' },
  { id: 'America/Winnipeg', label: 'Winnipeg' },
  { id: 'America/Chicago', label: 'Chicago' },
  { id: 'America/Toronto', label: 'Toronto' },
  { id: 'Pacific/Honolulu', label: 'Honolulu' },
  { id: 'America/St_Johns', label: 'St Johns' },
  { id: 'America/Anchorage', label: 'Anchorage' },
  { id: 'America/Halifax', label: 'Halifax' },
] as const;

export type TimeZoneId = (typeof TIME_ZONES)[number]['id'];

export const TIME_ZONE_IDS = TIME_ZONES.map((zone) => zone.id) as [TimeZoneId, ...TimeZoneId[]];

export const DEFAULT_TIME_ZONE: TimeZoneId = 'America/Toronto';

export function timeZoneLabel(id: string): string {
  return TIME_ZONES.find((zone) => zone.id === id)?.label ?? id;
}
