import { type Kysely, sql } from 'kysely';

/**
 * The productivity rollup's hour rows are rewritten in primary-key order, so one hour's rows for every agent lie on
 * a dozen adjacent pages. A rebuild left them scattered (the commissions' upsert moves each updated row to the end of
 * the table), and the time-of-day filter, which reads hours one bucket at a time, touched about 85 pages per hour:
 * a range never read before fetched each from disk. Each leaf partition is clustered on its own (CLUSTER of a
 * partitioned table cannot run in the migration's transaction).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const leaves = await sql<{ leaf: string; pkey: string }>`
    SELECT c.relname AS leaf, i.relname AS pkey
    FROM pg_partition_tree('agent_productivity_rollups_g0') t
      JOIN pg_class c ON c.oid = t.relid
      JOIN pg_index x ON x.indrelid = t.relid AND x.indisprimary
      JOIN pg_class i ON i.oid = x.indexrelid
    WHERE t.isleaf`.execute(db);
  for (const { leaf, pkey } of leaves.rows) {
    await sql`CLUSTER ${sql.table(leaf)} USING ${sql.ref(pkey)}`.execute(db);
  }
  await sql`ANALYZE agent_productivity_rollups_g0`.execute(db);
}
