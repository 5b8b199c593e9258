import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { DEMO_LOGINS, DEMO_PASSWORD } from './db/demo/demoLogins.js';
import { prepareDatabase } from './db/prepare.js';

const startedAt = performance.now();
const config = loadConfig();
const out = (line: string) => process.stdout.write(`${line}\n`);

out(`Shiftline: opening ${config.databaseUrl ? 'PostgreSQL' : `the embedded database in ${config.dataDir}`}…`);
const database = await openDatabase(config);
const seeded = await prepareDatabase(database, {
  seedDemo: process.env.SEED_DEMO !== 'false',
  demoAgents: process.env.DEMO_AGENTS ? Number(process.env.DEMO_AGENTS) : undefined,
  historyDays: process.env.DEMO_HISTORY_DAYS ? Number(process.env.DEMO_HISTORY_DAYS) : undefined,
  onMigrated: (names) => names.length > 0 && out(`Migrations applied: ${names.join(', ')}`),
  onProgress: (step, done, total) => {
    const width = 24;
    const filled = Math.round((done / total) * width);
    out(`Demo data [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total} ${step}`);
  },
});

const app = await buildApp({
  config,
  database,
  logger: { level: config.logLevel, transport: undefined },
});
await app.listen({ port: config.port, host: config.host });

const url = `http://localhost:${config.port}`;
out(`\nShiftline is ready at ${url} (started in ${((performance.now() - startedAt) / 1000).toFixed(1)} s)`);
if (!config.webDist) out('Note: the web app is not built; run `npm run build` to serve it.');
if (seeded || process.env.SEED_DEMO !== 'false') {
  out(`Demo logins (password "${DEMO_PASSWORD}"):`);
  for (const login of DEMO_LOGINS) out(`  ${login.role.padEnd(20)} ${login.email}`);
}

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'shutting down');
  const timer = setTimeout(() => process.exit(1), 10_000);
  timer.unref();
  await app.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
