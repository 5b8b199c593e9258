// The spec's thirteen zones from the IANA time-zone database, so that server and browser share one set of rules
// whatever their runtime's ICU carries. The table itself is data, tzdbData.generated.json, written by
// scripts/generate-tz-table.mjs from moment-timezone's packed tzdb: do not edit it; regenerate it after each tzdb
// release that touches these zones.

import type { PackedZone } from './packedZone.js';
import { ruleFromYear, tableFromMs, version, zones } from './tzdbData.generated.json';

/** The IANA tzdb release the table comes from. */
export const TZDB_VERSION: string = version;

/** The first instant listed change by change (earlier instants get the period in force then); later years follow each zone's rule. */
export const TZDB_TABLE_FROM_MS: number = tableFromMs;
export const TZDB_RULE_FROM_YEAR: number = ruleFromYear;

/** JSON's types widen each `[offset, abbreviation]` pair to an array, so the generator's shape is asserted here. */
export const TZDB_ZONES = zones as unknown as Record<string, PackedZone>;
