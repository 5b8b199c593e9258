import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

export type AppConfig = {
  port: number;
  host: string;
  /** Folder of the embedded database (PGlite) and the generated session secret. */
  dataDir: string;
  /** A PostgreSQL server; when unset the embedded database in dataDir is used. */
  databaseUrl: string | null;
  /** Redis carries Socket.IO events and rate-limit counters between app processes. */
  redisUrl: string | null;
  /**
   * What the app's Redis channels and keys start with (REDIS_KEY_PREFIX, default 'shiftline'): deployments, or test
   * runs, sharing one Redis keep their live events and counters apart.
   */
  redisKeyPrefix?: string;
  sessionSecret: string;
  /** Built web app served at /; null serves only the API. */
  webDist: string | null;
  logLevel: string;
  /** Sign-in attempts allowed per minute for one address and email. */
  loginAttemptsPerMinute: number;
  /** Cookies marked Secure and browsers told to upgrade to HTTPS (served behind HTTPS). */
  secureCookies: boolean;
  trustProxy: boolean;
  /** Origins besides the app's own whose pages may open its Socket.IO connection (ALLOWED_ORIGINS, comma-separated). */
  allowedOrigins: string[];
  /** The SIP server (TELEPHONY=sip); absent or null, the phone network is simulated. */
  sip?: SipConfig | null;
};

/** Kamailio beside the app (`npm run telephony` prints these variables). */
export type SipConfig = {
  /** Shared with Kamailio: signs the softphones' ephemeral credentials and authenticates its questions. */
  secret: string;
  /** The SIP domain agents register under (sip:<extension>@<domain>). */
  domain: string;
  port: number;
  /** Where browsers open SIP over WebSocket. */
  wsUrl: string;
  /** Kamailio's HTTP (JSON-RPC and the app's call controls), on its SIP TCP port. */
  kamailioUrl: string;
  /**
   * Call recording: rtpengine's ng control address and the folder it records into (shared with the app). Either
   * missing, no call is recorded.
   */
  rtpengine?: string | null;
  recordingsDir?: string | null;
  /** How often live calls are compared with Kamailio's dialogs (default 30 s; tests shorten it). */
  reconcileEveryMs?: number;
};

/** What only the start-up reads: demo seeding and the database's timeouts. */
export type ServerConfig = AppConfig & {
  seedDemo: boolean;
  demoAgents: number;
  demoHistoryDays: number;
  /**
   * The live simulated centre runs after start (SIMULATE; by default whenever the demo is seeded). With TELEPHONY=sip
   * it needs demoCallersUrl, and only sends people real callers.
   */
  simulate: boolean;
  /** `npm run telephony`'s endpoint placing scripted SIP callers (SIP_DEMO_CALLERS_URL), for the demo on real SIP. */
  demoCallersUrl: string | null;
  database: DatabaseTimeouts;
};

export type DatabaseTimeouts = {
  /** PostgreSQL cancels a statement running longer than this. */
  statementTimeoutMs: number;
  /** The app gives up on a query whose answer does not arrive (a frozen server or network). */
  queryTimeoutMs: number;
  /** The app gives up on opening a connection, or on waiting for a free one. */
  connectTimeoutMs: number;
};

/** The demo generator's floor: its named groups and campaigns need this many agents to staff them. */
export const MIN_DEMO_AGENTS = 40;

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** The embedded database's folder: DATA_DIR, or ./data at the repository root. */
export const dataDirOf = (env: NodeJS.ProcessEnv = process.env) => resolve(env.DATA_DIR || join(repoRoot, 'data'));

/** A configuration error: one line naming the variable, printed instead of a stack trace. */
export class ConfigError extends Error {}

const wholeNumber = (min: number, max: number, range = `from ${min} to ${max}`) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, `must be a whole number ${range}`)
    .transform(Number)
    .pipe(z.number().int().min(min, `must be a whole number ${range}`).max(max, `must be a whole number ${range}`));
const flag = z.enum(['true', 'false'], { error: 'must be true or false' }).transform((value) => value === 'true');
const url = (protocols: string[]) =>
  z
    .string()
    .trim()
    .refine((value) => URL.canParse(value) && protocols.includes(new URL(value).protocol), {
      error: `must be a URL starting with ${protocols.map((protocol) => `${protocol}//`).join(' or ')}`,
    });

// Empty values count as unset, as in a .env file with `REDIS_URL=`.
const envSchema = z.object({
  NODE_ENV: z.string().optional(),
  PORT: wholeNumber(0, 65535).default(3000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  DATABASE_URL: url(['postgres:', 'postgresql:']).optional(),
  REDIS_URL: url(['redis:', 'rediss:']).optional(),
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,64}$/, { error: "must be 1 to 64 letters, digits, '_', '.' or '-'" })
    .default('shiftline'),
  SESSION_SECRET: z.string().optional(),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  LOGIN_ATTEMPTS_PER_MINUTE: wholeNumber(1, 100_000).default(10),
  SECURE_COOKIES: flag.default(false),
  TRUST_PROXY: flag.default(false),
  ALLOWED_ORIGINS: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((origin) => origin.trim())
        .filter((origin) => origin !== ''),
    )
    .pipe(z.array(url(['http:', 'https:']).transform((origin) => new URL(origin).origin)))
    .default([]),
  SEED_DEMO: flag.optional(),
  DEMO_AGENTS: wholeNumber(
    MIN_DEMO_AGENTS,
    100_000,
    `from ${MIN_DEMO_AGENTS} (the demo's groups and campaigns need them) to 100000`,
  ).default(48),
  DEMO_HISTORY_DAYS: wholeNumber(0, 3650).default(90),
  SIMULATE: flag.optional(),
  DB_STATEMENT_TIMEOUT_MS: wholeNumber(100, 3_600_000).default(5000),
  DB_CONNECT_TIMEOUT_MS: wholeNumber(100, 600_000).default(3000),
  TELEPHONY: z.enum(['simulated', 'sip'], { error: 'must be simulated or sip' }).default('simulated'),
  SIP_SHARED_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  SIP_DOMAIN: z.string().trim().min(1).default('127.0.0.1'),
  SIP_PORT: wholeNumber(1, 65535).default(5060),
  SIP_WS_URL: url(['ws:', 'wss:']).optional(),
  KAMAILIO_URL: url(['http:', 'https:']).optional(),
  SIP_DEMO_CALLERS_URL: url(['http:']).optional(),
  /** rtpengine's ng control socket, 'host:port' (as Kamailio's rtpengine_sock, 'udp:' allowed): records calls. */
  SIP_RTPENGINE: z
    .string()
    .regex(/^(udp:)?(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+):\d{1,5}$/, {
      error: "must be 'host:port' (rtpengine's ng socket)",
    })
    .optional(),
  /** The folder rtpengine records into (its --recording-dir), shared with the app, which keeps the WAVs there. */
  SIP_RECORDINGS_DIR: z.string().trim().min(1).optional(),
});

/**
 * Reads and checks the environment once, at start: a wrong value is refused here with one line naming the variable,
 * before anything is opened or migrated.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      return `${name}=${JSON.stringify(present[name] ?? '')} ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration: ${lines.join('; ')}`);
  }
  const values = parsed.data;
  const sip = sipConfigOf(values);
  const production = values.NODE_ENV === 'production';
  const dataDir = dataDirOf(env);
  const webDist = join(repoRoot, 'apps/web/dist');
  return {
    port: values.PORT,
    host: values.HOST,
    dataDir,
    databaseUrl: values.DATABASE_URL ?? null,
    redisUrl: values.REDIS_URL ?? null,
    redisKeyPrefix: values.REDIS_KEY_PREFIX,
    sessionSecret: values.SESSION_SECRET ?? readOrCreateSecret(dataDir, production),
    webDist: existsSync(join(webDist, 'index.html')) ? webDist : null,
    logLevel: values.LOG_LEVEL,
    loginAttemptsPerMinute: values.LOGIN_ATTEMPTS_PER_MINUTE,
    secureCookies: values.SECURE_COOKIES,
    trustProxy: values.TRUST_PROXY,
    allowedOrigins: values.ALLOWED_ORIGINS,
    sip,
    // Production never loads the demo's accounts, whose password is published, unless asked to.
    seedDemo: values.SEED_DEMO ?? !production,
    demoAgents: values.DEMO_AGENTS,
    demoHistoryDays: values.DEMO_HISTORY_DAYS,
    // On a real SIP network the simulator's callers must be real calls: only with the launcher's demo callers.
    simulate: values.SIMULATE ?? (sip && !values.SIP_DEMO_CALLERS_URL ? false : (values.SEED_DEMO ?? !production)),
    demoCallersUrl: sip ? (values.SIP_DEMO_CALLERS_URL ?? null) : null,
    database: {
      statementTimeoutMs: values.DB_STATEMENT_TIMEOUT_MS,
      queryTimeoutMs: values.DB_STATEMENT_TIMEOUT_MS + 1000,
      connectTimeoutMs: values.DB_CONNECT_TIMEOUT_MS,
    },
  };
}

function sipConfigOf(values: z.output<typeof envSchema>): SipConfig | null {
  if (values.TELEPHONY !== 'sip') return null;
  if (!values.SIP_SHARED_SECRET) {
    throw new ConfigError('Invalid configuration: SIP_SHARED_SECRET must be set when TELEPHONY=sip');
  }
  if (values.SIMULATE === true && !values.SIP_DEMO_CALLERS_URL) {
    throw new ConfigError(
      'Invalid configuration: SIMULATE=true with TELEPHONY=sip needs SIP_DEMO_CALLERS_URL (npm run telephony prints it)',
    );
  }
  const port = values.SIP_PORT;
  return {
    secret: values.SIP_SHARED_SECRET,
    domain: values.SIP_DOMAIN,
    port,
    wsUrl: values.SIP_WS_URL ?? `ws://${values.SIP_DOMAIN}:${port}`,
    kamailioUrl: values.KAMAILIO_URL ?? `http://127.0.0.1:${port}`,
    rtpengine: values.SIP_RTPENGINE ?? null,
    recordingsDir: values.SIP_RECORDINGS_DIR ? resolve(values.SIP_RECORDINGS_DIR) : null,
  };
}

/**
 * Several processes must share one secret, so production requires SESSION_SECRET; a single
 * embedded install keeps a generated one in its data folder so sessions survive restarts.
 */
function readOrCreateSecret(dataDir: string, production: boolean): string {
  if (production) throw new ConfigError('Invalid configuration: SESSION_SECRET must be set when NODE_ENV=production');
  const file = join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
