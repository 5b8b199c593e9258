import pg from 'pg';

/** Any number: every Shiftline process on one database uses this advisory lock key. */
const PRESENCE_KEY = 7_243_011;

export type ProcessPresence = {
  /** No other app process serves this database: what is live in it was left by a process that is gone. */
  alone: boolean;
  release: () => Promise<void>;
};

/**
 * Marks this process as serving the database, for as long as it runs: on PostgreSQL, a shared advisory lock held on
 * a connection of its own (the server drops it when the process dies, kill -9 included). A process that can first
 * take the lock exclusively knows no other is running, so a restart's reconciliation may end what is live; with
 * several processes behind one load balancer, one restarting leaves the others' live calls alone. The embedded
 * database is one process's by its data-folder lock, so there it is always alone.
 */
export async function holdProcessPresence(databaseUrl: string | null): Promise<ProcessPresence> {
  if (!databaseUrl) return { alone: true, release: async () => {} };
  const client = new pg.Client({ connectionString: databaseUrl });
  // The connection only holds the lock; losing it (a server restart) must not crash the process.
  client.on('error', () => undefined);
  await client.connect();
  const taken = await client.query<{ alone: boolean }>('SELECT pg_try_advisory_lock($1) AS alone', [PRESENCE_KEY]);
  const alone = taken.rows[0]?.alone === true;
  if (alone) await client.query('SELECT pg_advisory_unlock($1)', [PRESENCE_KEY]);
  await client.query('SELECT pg_advisory_lock_shared($1)', [PRESENCE_KEY]);
  return { alone, release: () => client.end().catch(() => undefined) };
}
