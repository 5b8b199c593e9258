import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export type AppConfig = {
  port: number;
  host: string;
  /** Folder of the embedded database (PGlite) and the generated session secret. */
  dataDir: string;
  /** A PostgreSQL server; when unset the embedded database in dataDir is used. */
  databaseUrl: string | null;
  /** Redis carries Socket.IO events and rate-limit counters between app processes. */
  redisUrl: string | null;
  sessionSecret: string;
  /** Built web app served at /; null serves only the API. */
  webDist: string | null;
  logLevel: string;
  /** Sign-in attempts allowed per minute for one address and email. */
  loginAttemptsPerMinute: number;
  /** Cookies marked Secure (behind HTTPS). */
  secureCookies: boolean;
  trustProxy: boolean;
};

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** The embedded database's folder: DATA_DIR, or ./data at the repository root. */
export const dataDirOf = (env: NodeJS.ProcessEnv = process.env) => resolve(env.DATA_DIR ?? join(repoRoot, 'data'));

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const dataDir = dataDirOf(env);
  const webDist = join(repoRoot, 'apps/web/dist');
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || null,
    redisUrl: env.REDIS_URL || null,
    sessionSecret: env.SESSION_SECRET || readOrCreateSecret(dataDir, env),
    webDist: existsSync(join(webDist, 'index.html')) ? webDist : null,
    logLevel: env.LOG_LEVEL ?? 'info',
    loginAttemptsPerMinute: Number(env.LOGIN_ATTEMPTS_PER_MINUTE ?? 10),
    secureCookies: env.SECURE_COOKIES === 'true',
    trustProxy: env.TRUST_PROXY === 'true',
  };
}

/**
 * Several processes must share one secret, so production requires SESSION_SECRET; a single
 * embedded install keeps a generated one in its data folder so sessions survive restarts.
 */
function readOrCreateSecret(dataDir: string, env: NodeJS.ProcessEnv): string {
  if (env.NODE_ENV === 'production') throw new Error('SESSION_SECRET must be set in production');
  const file = join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
