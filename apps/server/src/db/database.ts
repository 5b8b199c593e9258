import { mkdirSync } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Database } from './schema.js';

export type DatabaseHandle = {
  db: Kysely<Database>;
  kind: 'pglite' | 'postgres';
  /**
   * Bulk-loads rows given in COPY text format (tab-separated, `\N` for null, one line per row) into the columns of
   * a table: COPY FROM STDIN on a server, COPY from a blob on PGlite. For generated history, far faster than INSERT.
   * `trusted` rows are consistent by construction: their foreign keys go unchecked (session_replication_role
   * replica, for this load only; a server needs a superuser for that, otherwise the checks simply stay on).
   */
  copyRows: (table: string, columns: readonly string[], text: string, options?: { trusted?: boolean }) => Promise<void>;
  close: () => Promise<void>;
};

const copyStatement = (table: string, columns: readonly string[], source: string) =>
  `COPY ${table} (${columns.join(', ')}) FROM ${source}`;

// bigint (COUNT, SUM) comes back as a string on both drivers; numeric columns are converted where read.
export async function openDatabase(options: { databaseUrl: string | null; dataDir: string }): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection dropped by the server (restart, failover) must not crash the process; the pool reconnects.
    pool.on('error', (error) => process.stderr.write(`PostgreSQL idle connection lost: ${error.message}\n`));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    let mayTrust = true;
    const copyRows: DatabaseHandle['copyRows'] = async (table, columns, text, copyOptions) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        if (copyOptions?.trusted && mayTrust) {
          await client.query('SAVEPOINT trust');
          try {
            await client.query('SET LOCAL session_replication_role = replica');
          } catch {
            mayTrust = false;
            await client.query('ROLLBACK TO SAVEPOINT trust');
          }
        }
        await pipeline([text], client.query(copyFrom(copyStatement(table, columns, 'STDIN'))));
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    };
    return { db, kind: 'postgres', copyRows, close: () => db.destroy() };
  }
  mkdirSync(options.dataDir, { recursive: true });
  const pglite = await PGlite.create(`${options.dataDir}/pglite`);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool(createPgConfig(pglite)) }) });
  return {
    db,
    kind: 'pglite',
    // PGlite is one session: the COPY runs on it directly, so never call this inside a Kysely transaction.
    copyRows: async (table, columns, text, copyOptions) => {
      await pglite.transaction(async (transaction) => {
        if (copyOptions?.trusted) await transaction.exec('SET LOCAL session_replication_role = replica');
        await transaction.query(copyStatement(table, columns, "'/dev/blob'"), [], { blob: new Blob([text]) });
      });
    },
    close: async () => {
      await db.destroy();
      await pglite.close();
    },
  };
}
