import {
  closeSync,
  fstatSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setTimeout as delay } from 'node:timers/promises';
import { PGlite } from '@electric-sql/pglite';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import type { DatabaseTimeouts } from '../config.js';
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
  /**
   * A query's rows as CSV (COPY … TO STDOUT, no header), streamed from a connection of its own: the server writes the
   * CSV, far faster than reading rows into the app. Only on a PostgreSQL server (null on PGlite). The query is plain
   * SQL text: COPY takes no parameters. Destroying the stream gives the connection up.
   */
  copyCsvOut: ((query: string) => Promise<Readable>) | null;
  close: () => Promise<void>;
};

const copyStatement = (table: string, columns: readonly string[], source: string) =>
  `COPY ${table} (${columns.join(', ')}) FROM ${source}`;

/**
 * Whether an error means the database cannot answer now (frozen, restarting, unreachable, or a statement cut off
 * by its timeout), as opposed to a fault in the request: the API answers 503 for these.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    // 57014 statement timeout, 57P01–57P03 shutting down or starting, 08xxx connection failures, 53300 too many.
    if (['57014', '57P01', '57P02', '57P03', '53300'].includes(code) || code.startsWith('08')) return true;
    if (['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH'].includes(code)) return true;
  }
  return /^(Query read timeout|Connection terminated|timeout exceeded when trying to connect)/.test(error.message);
}

/**
 * Every connection of the pool was in use for the whole wait while the database kept answering: contention (many
 * requests at once), not an outage. The API answers 429 (try again) for it, and keeps 503 for a database that does not
 * answer.
 */
export class DatabaseBusyError extends Error {
  constructor() {
    super('Every database connection stayed busy while this request waited.');
  }
}

/**
 * A wait for a pooled connection that times out says "timeout exceeded when trying to connect" whether the database is
 * down or merely busy. It was busy when the pool was full and some connection came back from a query without an error
 * within the last statement timeout (a healthy database finishes every statement within it; a frozen one fails them
 * instead): such a timeout becomes a DatabaseBusyError.
 */
function tellingBusyFromDown(pool: pg.Pool, timeouts: DatabaseTimeouts | null): void {
  if (timeouts === null) return;
  let lastAnswerAt = 0;
  pool.on('release', (error) => {
    if (!error) lastAnswerAt = Date.now();
  });
  const connect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
  const connectTelling = async (): Promise<pg.PoolClient> => {
    try {
      return await connect();
    } catch (error) {
      const full = pool.totalCount >= (pool.options.max ?? 10);
      const answering = Date.now() - lastAnswerAt <= timeouts.statementTimeoutMs;
      if (
        error instanceof Error &&
        /^timeout exceeded when trying to connect/.test(error.message) &&
        full &&
        answering
      ) {
        throw new DatabaseBusyError();
      }
      throw error;
    }
  };
  pool.connect = connectTelling as typeof pool.connect;
}

/**
 * Opens the database. `timeouts` bound every statement and connection of a PostgreSQL server, so a frozen database
 * makes requests fail within seconds instead of hanging; migrations and demo seeding open it without them.
 */
// bigint (COUNT, SUM) comes back as a string on both drivers; numeric columns are converted where read.
export async function openDatabase(options: {
  databaseUrl: string | null;
  dataDir: string;
  timeouts?: DatabaseTimeouts;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const { timeouts } = options;
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      // JIT compiling a plan costs 100–200 ms, more than the dashboard reads it would speed up.
      options: '-c jit=off',
      ...(timeouts && {
        statement_timeout: timeouts.statementTimeoutMs,
        query_timeout: timeouts.queryTimeoutMs,
        connectionTimeoutMillis: timeouts.connectTimeoutMs,
        // A connection to a server that stopped answering is noticed by the kernel, not only at the next query.
        keepAlive: true,
      }),
    });
    // An idle connection dropped by the server (restart, failover) must not crash the process; the pool reconnects.
    pool.on('error', (error) => process.stderr.write(`PostgreSQL idle connection lost: ${error.message}\n`));
    tellingBusyFromDown(pool, timeouts ?? null);
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
    const copyCsvOut = async (query: string): Promise<Readable> => {
      const client = await pool.connect();
      const csv = client.query(copyTo(`COPY (${query}) TO STDOUT WITH (FORMAT csv)`));
      let released = false;
      // A COPY read to its end leaves the connection reusable; one stopped half-way does not.
      const release = (broken: boolean) => {
        if (released) return;
        released = true;
        client.release(broken ? new Error('COPY abandoned') : undefined);
      };
      csv.once('end', () => release(false));
      csv.once('error', () => release(true));
      csv.once('close', () => release(true));
      return csv;
    };
    return { db, kind: 'postgres', copyRows, copyCsvOut, close: () => db.destroy() };
  }
  mkdirSync(options.dataDir, { recursive: true });
  const releaseLock = await lockDataDir(options.dataDir);
  let pglite: PGlite;
  try {
    pglite = await PGlite.create(`${options.dataDir}/pglite`);
  } catch (error) {
    releaseLock();
    throw error;
  }
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool(createPgConfig(pglite)) }) });
  return {
    db,
    kind: 'pglite',
    copyCsvOut: null,
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
      releaseLock();
    },
  };
}

/** The embedded database is one process's: a second one opening the same files would corrupt them. */
export class DataDirInUseError extends Error {}

const heldLocks = new Set<string>();

/** How long a lock file may stay empty: the moment between another process creating it and writing its pid. */
const LOCK_WRITE_GRACE_MS = 1000;

/**
 * Takes the data folder for this process: a lock file holding our pid, created exclusively. A lock left by a process
 * that is gone (killed, crashed, or an earlier container whose pid we now have) is taken over.
 */
async function lockDataDir(dataDir: string): Promise<() => void> {
  const file = join(dataDir, 'shiftline.lock');
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      heldLocks.add(file);
      return () => {
        if (!heldLocks.delete(file)) return;
        try {
          unlinkSync(file);
        } catch {}
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const lock = await readLock(file);
    if (lock === 'gone') continue;
    const holder = lock.pid;
    if (heldLocks.has(file) || (holder !== process.pid && isRunning(holder))) {
      throw new DataDirInUseError(
        `The embedded database in ${dataDir} is in use by another Shiftline process (pid ${heldLocks.has(file) ? process.pid : holder}). ` +
          'Stop that process first, give this one its own DATA_DIR, or use DATABASE_URL (a PostgreSQL server) to run several processes. ' +
          `If no Shiftline process runs there, delete ${file}.`,
      );
    }
    // A stale lock is moved aside before it is deleted, so that of two processes taking it over at once, the later
    // cannot delete the lock the earlier has just written: what it moved is another file, which it puts back before
    // going round again (and finding that process running).
    const aside = `${file}.${process.pid}.stale`;
    try {
      renameSync(file, aside);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    if (statSync(aside).ino !== lock.ino) {
      try {
        linkSync(aside, file);
      } catch {}
    }
    unlinkSync(aside);
  }
  throw new DataDirInUseError(`Could not lock the embedded database in ${dataDir}: another process keeps taking it.`);
}

/**
 * The pid in a lock file and the file's inode; 'gone' when the file has been removed meanwhile. A file still empty
 * is one another process has just created and is about to write its pid into: it is read again for a moment, then
 * counts as stale (pid 0).
 */
async function readLock(file: string): Promise<{ pid: number; ino: number } | 'gone'> {
  const deadline = Date.now() + LOCK_WRITE_GRACE_MS;
  for (;;) {
    let fd: number;
    try {
      fd = openSync(file, 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'gone';
      throw error;
    }
    try {
      const text = readFileSync(fd, 'utf8').trim();
      if (text !== '' || Date.now() >= deadline) return { pid: Number(text), ino: fstatSync(fd).ino };
    } finally {
      closeSync(fd);
    }
    await delay(20);
  }
}

function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
