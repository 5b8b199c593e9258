import type { Kysely } from 'kysely';
import { addHourOfDayGrain } from './hourOfDayGrain.js';

/**
 * The productivity rollup gains grain 4, month × hour of day: per agent, campaign, UTC month and UTC hour of day, the
 * sum of that month's hour rows at that hour of day (bucket start: the month's first hour at that hour of day, on the
 * alignment's grid). Over a month whose UTC offset does not change, every one of those hours has the same local hour,
 * so the time-of-day filter reads a year mostly as month rows, about a quarter of the week × hour rows it read.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await addHourOfDayGrain(db, 4, 'month', 'month_hour');
}
