/** A yearly change: [month 1–12, nth weekday of the month, weekday (0 = Sunday), local minute of day before it]. */
export type YearlyChange = readonly [month: number, nth: number, weekday: number, minuteOfDay: number];

/**
 * One zone of the generated tzdb table. `kinds` are the offsets (minutes east of UTC) with their abbreviations;
 * `order` names, one base-36 digit each, the kind in force from the table's start and after each change; `changes`
 * are the instants of the changes in minutes since the epoch, base 36, each after the first as a delta. From the
 * rule year on, `rule` (or, without one, the last kind) decides.
 */
export type PackedZone = {
  kinds: readonly (readonly [offsetMinutes: number, abbreviation: string])[];
  order: string;
  changes: string;
  rule: { standard: number; daylight: number; start: YearlyChange; end: YearlyChange } | null;
};
