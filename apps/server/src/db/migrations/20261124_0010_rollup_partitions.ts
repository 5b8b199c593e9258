import { type Kysely, sql } from 'kysely';

/**
 * The per-agent rollups kept in hours, days and months become partitioned by grain and then by alignment, and are
 * rewritten in key order.
 *
 * A range read takes one alignment's days of one month, say. In one table those rows lay among the hours and the
 * other alignment, and after a bulk load in hash order: a month of 500 agents' days (27k rows) sat on 24k pages.
 * In their own partition, in bucket order, they sit on under a thousand, and the live upkeep keeps appending them
 * in time order. Reads, upserts and the rebuild are unchanged: PostgreSQL routes rows and prunes partitions.
 */
const ROLLUPS = [
  { table: 'agent_campaign_call_rollups', agentKey: 'agent_id', agentIndex: 'agent_campaign_call_rollups_agent_idx' },
  { table: 'agent_productivity_rollups', agentKey: 'user_id', agentIndex: 'agent_productivity_rollups_user_idx' },
] as const;
const GRAINS = [0, 1, 2] as const;
const ALIGNMENTS = [0, 30] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const { table, agentKey, agentIndex } of ROLLUPS) {
    const old = `${table}_unpartitioned`;
    await sql`ALTER TABLE ${sql.table(table)} RENAME TO ${sql.table(old)}`.execute(db);
    await sql`ALTER TABLE ${sql.table(old)} RENAME CONSTRAINT ${sql.ref(`${table}_pkey`)} TO ${sql.ref(`${old}_pkey`)}`.execute(
      db,
    );
    await sql`DROP INDEX ${sql.ref(agentIndex)}`.execute(db);
    await sql`CREATE TABLE ${sql.table(table)} (LIKE ${sql.table(old)} INCLUDING DEFAULTS INCLUDING CONSTRAINTS)
      PARTITION BY LIST (grain)`.execute(db);
    for (const grain of GRAINS) {
      const grainTable = `${table}_g${grain}`;
      await sql`CREATE TABLE ${sql.table(grainTable)} PARTITION OF ${sql.table(table)} FOR VALUES IN (${sql.lit(grain)})
        PARTITION BY LIST (alignment)`.execute(db);
      for (const alignment of ALIGNMENTS) {
        await sql`CREATE TABLE ${sql.table(`${grainTable}_a${alignment}`)} PARTITION OF ${sql.table(grainTable)}
          FOR VALUES IN (${sql.lit(alignment)})`.execute(db);
      }
    }
    const key = sql`alignment, grain, bucket_start, ${sql.ref(agentKey)}, campaign_id`;
    await sql`INSERT INTO ${sql.table(table)} SELECT * FROM ${sql.table(old)} ORDER BY ${key}`.execute(db);
    await sql`DROP TABLE ${sql.table(old)}`.execute(db);
    // Indexes after the load: built once per partition rather than row by row.
    await sql`ALTER TABLE ${sql.table(table)} ADD CONSTRAINT ${sql.ref(`${table}_pkey`)} PRIMARY KEY (${key})`.execute(
      db,
    );
    // Each partition holds one grain and alignment: the agent and the bucket are the whole search key.
    await sql`CREATE INDEX ${sql.ref(agentIndex)} ON ${sql.table(table)} (${sql.ref(agentKey)}, bucket_start)`.execute(
      db,
    );
    await sql`ANALYZE ${sql.table(table)}`.execute(db);
  }
}
