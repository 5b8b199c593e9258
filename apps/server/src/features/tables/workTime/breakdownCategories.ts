import {
  AGENT_STATES,
  type AgentStateId,
  alignmentOf,
  bucketRange,
  PRODUCTIVITY_GROUPS,
  PRODUCTIVITY_SUB_CATEGORIES,
  type ProductivityGroup,
} from '@shiftline/shared';
import { type RawBuilder, sql } from 'kysely';
import { localSecondsOf } from '../../../rollups/index.js';

/*
 * The performance breakdown's columns: one per productivity sub-category (spec §3 classification), under its group,
 * each the sum of its states' rollup columns; and the day's total (every classified state).
 */

export type BreakdownCategory = {
  /** Column value: the sub-category's name in snake case ('On Call' → 'on_call'). */
  value: string;
  text: string;
  group: ProductivityGroup;
  states: AgentStateId[];
};

const snake = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');

export const BREAKDOWN_CATEGORIES: readonly BreakdownCategory[] = PRODUCTIVITY_GROUPS.flatMap((group) =>
  PRODUCTIVITY_SUB_CATEGORIES[group].map((subCategory) => ({
    value: snake(subCategory),
    text: subCategory,
    group,
    states: AGENT_STATES.filter(
      (state) =>
        state.classification !== null &&
        state.classification.group === group &&
        state.classification.subCategory === subCategory,
    ).map((state) => state.id),
  })),
);

export const TOTAL_COLUMN = 'total';

/** Where a category's edits are booked: its first state ('On Call' → on_call), so productivity shows them under it. */
export const bookedState = (category: BreakdownCategory): AgentStateId => category.states[0] as AgentStateId;

/** `sum(r.a + r.b …)` of a category's states over the rollup rows `r`, as a number. */
export const categorySum = (category: BreakdownCategory): RawBuilder<number> =>
  sql<number>`coalesce(sum(${sql.join(
    category.states.map((state) => sql.ref(`r.${state}`)),
    sql` + `,
  )}), 0)::int`;

export const totalSum: RawBuilder<number> = sql<number>`coalesce(sum(${sql.join(
  BREAKDOWN_CATEGORIES.flatMap((category) => category.states.map((state) => sql.ref(`r.${state}`))),
  sql` + `,
)}), 0)::int`;

/** The rule's message (spec §5: the sum-rule text comes from the server). */
export const SUM_RULE_MESSAGE = 'The category times must add up to the Total';

const YEAR_MS = 365 * 86_400_000;
/** From 2015 to two years ahead: the zone offsets the local-day expression knows (its segments, a CASE in SQL). */
const LOCAL_DAY_FROM_MS = Date.UTC(2015, 0, 1);

/**
 * The local calendar day (yyyy-MM-dd) of a rollup hour bucket in the viewer's zone, without PostgreSQL's time-zone
 * data (the offsets come from shared, as every rollup read does); and the alignment whose buckets start on that
 * zone's hours.
 */
export function viewerDays(zone: string, nowMs: number) {
  const alignment = alignmentOf(zone, nowMs);
  const wide = bucketRange(LOCAL_DAY_FROM_MS / 1000, (nowMs + 2 * YEAR_MS) / 1000, zone);
  const day = sql<string>`to_char(date '1970-01-01' + floor(${localSecondsOf(sql`r.bucket_start`, wide)} / 86400.0)::int, 'YYYY-MM-DD')`;
  return { alignment, day };
}
