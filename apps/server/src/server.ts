import { createServer } from 'node:net';
import { installTzdbZones } from '@shiftline/shared';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type ServerConfig } from './config.js';
import { type DatabaseHandle, DataDirInUseError, openDatabase } from './db/database.js';
import { DEMO_LOGINS, DEMO_PASSWORD } from './db/demo/demoLogins.js';
import { HEARTBEAT_EVERY_MS } from './db/heartbeat.js';
import { prepareDatabase } from './db/prepare.js';
import { holdProcessPresence } from './db/processPresence.js';
import { createSimulator, demoCallersClient, type Simulator } from './simulator/index.js';

// Luxon reads the thirteen zones from the shared tzdb table, not this runtime's ICU, as the web's main.tsx does:
// called, not left to the import's side effect, which the build drops when nothing else of the table is used.
installTzdbZones();

const out = (line: string) => process.stdout.write(`${line}\n`);
/** A refusal the operator can act on: one line, no stack trace. */
function refuse(message: string): never {
  process.stderr.write(`Shiftline cannot start: ${message}\n`);
  process.exit(1);
}
const refusable = (error: unknown) => error instanceof ConfigError || error instanceof DataDirInUseError;

const config = (() => {
  try {
    return loadConfig();
  } catch (error) {
    if (!refusable(error)) throw error;
    return refuse((error as Error).message);
  }
})();

// An address that cannot be listened on is refused before the database is opened or migrated.
const unlistenable = await listenProblem(config);
if (unlistenable) refuse(unlistenable);

out(`Shiftline: opening ${config.databaseUrl ? 'PostgreSQL' : `the embedded database in ${config.dataDir}`}…`);
const database = await openServingDatabase(config).catch((error: unknown) =>
  refusable(error) ? refuse((error as Error).message) : Promise.reject(error),
);

// Alone on the database, what is live there was left by a crash and is ended before serving; beside other running
// processes it is theirs.
const presence = await holdProcessPresence(config.databaseUrl);
const app = await buildApp({
  config,
  database,
  logger: { level: config.logLevel, transport: undefined },
  live: { sweepEveryMs: 1000, reconcileAtStart: presence.alone, heartbeatEveryMs: HEARTBEAT_EVERY_MS },
});
// A stop asked for from here on closes cleanly (before the ready line: a test or a supervisor may stop it at once).
let simulator: Simulator | null = null;
let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'shutting down');
  const timer = setTimeout(() => process.exit(1), 10_000);
  timer.unref();
  await simulator?.stop();
  await app.close();
  await database.close();
  await presence.release();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

try {
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  // Taken meanwhile by another program: the same one line, with the database closed properly.
  const problem = describeListenError(error, config);
  if (!problem) throw error;
  await app.close();
  await database.close();
  refuse(problem);
}

const url = `http://localhost:${config.port}`;
// performance.now() counts from the process's start, so the figure includes loading the modules.
out(`\nShiftline is ready at ${url} (started in ${(performance.now() / 1000).toFixed(1)} s)`);
if (!config.webDist) out('Note: the web app is not built; run `npm run build` to serve it.');
if (config.seedDemo) {
  out(`Demo logins (password "${DEMO_PASSWORD}"):`);
  for (const login of DEMO_LOGINS) out(`  ${login.role.padEnd(20)} ${login.email}`);
} else if (!(await database.db.selectFrom('users').select('id').limit(1).executeTakeFirst())) {
  out('No users yet: create the first administrator with `npm run create-admin -- --email you@example.com`.');
}

// The live simulated centre (SIMULATE=false turns it off): callers and the generated agents on today's shifts,
// through the same calls a browser makes.
if (config.simulate) {
  const placeSipCaller =
    config.sip && config.demoCallersUrl ? demoCallersClient(config.demoCallersUrl, config.sip.secret) : undefined;
  simulator = createSimulator({ database, live: app.live, log: app.log, placeSipCaller });
  const started = await simulator.start();
  out(
    placeSipCaller
      ? 'Simulator: people idle in Ready get real SIP callers (the generated agents are signed out)'
      : `Simulator: ${started.agents} agents on shift, ${started.campaigns} campaigns open`,
  );
}

/** Why the server could not listen at PORT and HOST, in one line naming the variable; null for other errors. */
function describeListenError(error: unknown, { port, host }: ServerConfig): string | null {
  switch ((error as NodeJS.ErrnoException).code) {
    case 'EADDRINUSE':
      return `PORT=${port} is already in use on ${host}: stop what listens there or choose another PORT.`;
    case 'EACCES':
      return `PORT=${port} may not be listened on by this user: choose a PORT above 1023.`;
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `HOST=${JSON.stringify(host)} is not an address of this machine.`;
    default:
      return null;
  }
}

/** Tries the address with a listener of its own, closed at once: the problem in one line, or null when it is free. */
function listenProblem(config: ServerConfig): Promise<string | null> {
  if (config.port === 0) return Promise.resolve(null);
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', (error) => resolve(describeListenError(error, config)));
    probe.listen({ port: config.port, host: config.host, exclusive: true }, () => probe.close(() => resolve(null)));
  });
}

/**
 * Migrates and seeds, then opens the database the requests use. On PostgreSQL those are two pools: migrations and
 * demo data run without the statement timeouts that keep requests from hanging on a frozen server.
 */
async function openServingDatabase(config: ServerConfig): Promise<DatabaseHandle> {
  const setup = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await prepareDatabase(setup, {
      seedDemo: config.seedDemo,
      demoAgents: config.demoAgents,
      historyDays: config.demoHistoryDays,
      onMigrated: (names) => names.length > 0 && out(`Migrations applied: ${names.join(', ')}`),
      onProgress: (step, done, total) => {
        const width = 24;
        const filled = Math.round((done / total) * width);
        out(`Demo data [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total} ${step}`);
      },
    });
  } catch (error) {
    await setup.close();
    throw error;
  }
  if (setup.kind === 'pglite') return setup;
  await setup.close();
  return openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, timeouts: config.database });
}
