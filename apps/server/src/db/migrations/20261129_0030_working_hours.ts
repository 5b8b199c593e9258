import { type Kysely, sql } from 'kysely';

/**
 * Working hours in the campaign's own time zone (issue 25 item 4): a zone, one window per weekday (Monday first, null
 * closed, 'HH:mm' local, a close of '24:00' or one not after the open runs to or past midnight) and holiday closures by
 * local date. They are wall-clock rules, never UTC instants, so a clock change never shifts them; the rule that reads
 * them is shared/time/workingHours.ts.
 *
 * The old window ('HH:mm' UTC, the same every day) becomes the same window every day in America/Toronto, converted at
 * standard time (UTC−5: 14:00–22:00 UTC opens 09:00–17:00); a campaign without one is open around the clock.
 */
const ALL_DAY = '{"open": "00:00", "close": "24:00"}';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE campaigns
      ADD COLUMN time_zone text NOT NULL DEFAULT 'America/Toronto',
      ADD COLUMN working_hours jsonb NOT NULL
        DEFAULT jsonb_build_array(${sql.lit(ALL_DAY)}::jsonb, ${sql.lit(ALL_DAY)}::jsonb, ${sql.lit(ALL_DAY)}::jsonb,
          ${sql.lit(ALL_DAY)}::jsonb, ${sql.lit(ALL_DAY)}::jsonb, ${sql.lit(ALL_DAY)}::jsonb, ${sql.lit(ALL_DAY)}::jsonb)
        CHECK (jsonb_typeof(working_hours) = 'array' AND jsonb_array_length(working_hours) = 7),
      ADD COLUMN holidays jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(holidays) = 'array')
  `.execute(db);
  // The UTC times read on a winter day in Toronto; a close at local midnight is '24:00', equal ends are all day.
  await sql`
    WITH local AS (
      SELECT id,
        to_char((DATE '2026-01-15' + start_work_time::time) AT TIME ZONE 'UTC' AT TIME ZONE 'America/Toronto',
          'HH24:MI') AS open,
        to_char((DATE '2026-01-15' + end_work_time::time) AT TIME ZONE 'UTC' AT TIME ZONE 'America/Toronto',
          'HH24:MI') AS close
      FROM campaigns WHERE start_work_time IS NOT NULL AND end_work_time IS NOT NULL
    ), day AS (
      SELECT id, CASE WHEN open = close THEN ${sql.lit(ALL_DAY)}::jsonb
        ELSE jsonb_build_object('open', open, 'close', CASE WHEN close = '00:00' THEN '24:00' ELSE close END) END AS hours
      FROM local
    )
    UPDATE campaigns c SET working_hours = jsonb_build_array(d.hours, d.hours, d.hours, d.hours, d.hours, d.hours, d.hours)
    FROM day d WHERE d.id = c.id
  `.execute(db);
  await sql`ALTER TABLE campaigns DROP COLUMN start_work_time, DROP COLUMN end_work_time`.execute(db);
}
