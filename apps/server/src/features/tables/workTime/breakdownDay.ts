import { createHash } from 'node:crypto';
import { bucketRange, dayRangeToUnix, ROLLUP_GRAIN } from '@shiftline/shared';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { BREAKDOWN_CATEGORIES, categorySum, totalSum } from './breakdownCategories.js';

/** One campaign's time on one agent-day: seconds per category value and the total. */
export type BreakdownDayRow = {
  /** 0: time on no campaign. */
  campaignId: number;
  campaign: string;
  seconds: Record<string, number>;
  total: number;
};

export const NO_CAMPAIGN = 'No campaign';

/** The hour buckets of one local day in a zone. */
export function dayBuckets(date: string, zone: string) {
  const { start, end } = dayRangeToUnix({ start: date, end: date }, zone);
  return bucketRange(start, end, zone);
}

/**
 * An agent's time on one local day (in `zone`), per campaign, from the productivity rollup (the recorded time plus the
 * edits): what the breakdown form shows and what a save compares with. Campaigns with no time are left out.
 */
export async function readBreakdownDay(
  db: Kysely<Database>,
  userId: number,
  date: string,
  zone: string,
): Promise<BreakdownDayRow[]> {
  const range = dayBuckets(date, zone);
  const rows = await db
    .selectFrom('agent_productivity_rollups as r')
    .leftJoin('campaigns as c', 'c.id', 'r.campaign_id')
    .where('r.user_id', '=', userId)
    .where('r.alignment', '=', range.alignment)
    .where('r.grain', '=', ROLLUP_GRAIN.hour)
    .where('r.bucket_start', '>=', new Date(range.fromMs))
    .where('r.bucket_start', '<', new Date(range.toMs))
    .groupBy(['r.campaign_id', 'c.name'])
    .having(totalSum, '<>', 0)
    .select([
      'r.campaign_id',
      'c.name',
      totalSum.as('total'),
      ...BREAKDOWN_CATEGORIES.map((category) => categorySum(category).as(category.value)),
    ])
    .orderBy(sql`c.name NULLS FIRST`)
    .orderBy('r.campaign_id')
    .execute();
  return rows.map((row) => {
    const values = row as unknown as Record<string, number>;
    return {
      campaignId: Number(row.campaign_id),
      campaign: row.name ?? NO_CAMPAIGN,
      seconds: Object.fromEntries(
        BREAKDOWN_CATEGORIES.map((category) => [category.value, Number(values[category.value])]),
      ),
      total: Number(row.total),
    };
  });
}

/**
 * A short fingerprint of a day as stored: the form carries it, and a save made from a form opened before someone
 * else's save is refused instead of undoing that save with its old numbers.
 */
export const dayVersion = (rows: readonly BreakdownDayRow[]): string =>
  createHash('sha256').update(JSON.stringify(rows)).digest('base64url').slice(0, 16);
