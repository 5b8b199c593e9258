import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';

const base = { DATA_DIR: '/tmp/shiftline-config-test', SESSION_SECRET: 'a-secret-for-the-config-test' };
const refusal = (env: Record<string, string>) => {
  try {
    loadConfig({ ...base, ...env });
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error(`accepted ${JSON.stringify(env)}`);
};

describe('configuration from the environment', () => {
  it('takes the documented defaults', () => {
    const config = loadConfig(base);
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      logLevel: 'info',
      databaseUrl: null,
      redisUrl: null,
      redisKeyPrefix: 'shiftline',
      seedDemo: true,
      demoAgents: 48,
      demoHistoryDays: 90,
      secureCookies: false,
      loginAttemptsPerMinute: 10,
    });
  });

  it('refuses a bad PORT or LOG_LEVEL with one line naming each variable and its value', () => {
    const message = refusal({ PORT: 'eighty', LOG_LEVEL: 'loud' });
    expect(message).not.toContain('\n');
    expect(message).toContain('PORT="eighty" must be a whole number from 0 to 65535');
    expect(refusal({ REDIS_KEY_PREFIX: 'a b' })).toContain('REDIS_KEY_PREFIX="a b" must be 1 to 64 letters');
    expect(message).toContain('LOG_LEVEL="loud" must be one of');
    expect(refusal({ PORT: '70000' })).toContain('PORT="70000"');
    expect(refusal({ PORT: '3000.5' })).toContain('PORT=');
  });

  it('refuses DEMO_AGENTS below 40 instead of quietly raising it', () => {
    expect(refusal({ DEMO_AGENTS: '10' })).toContain('DEMO_AGENTS="10" must be a whole number from 40');
    expect(loadConfig({ ...base, DEMO_AGENTS: '40' }).demoAgents).toBe(40);
  });

  it('refuses flags other than true and false, and URLs of the wrong kind', () => {
    expect(refusal({ SEED_DEMO: 'yes' })).toContain('SEED_DEMO="yes" must be true or false');
    expect(refusal({ REDIS_URL: 'localhost:6379' })).toContain('REDIS_URL');
    expect(refusal({ DATABASE_URL: 'mysql://db/shiftline' })).toContain('DATABASE_URL');
  });

  it('does not seed the demo accounts in production unless asked to, and needs a session secret there', () => {
    expect(loadConfig({ ...base, NODE_ENV: 'production' }).seedDemo).toBe(false);
    expect(loadConfig({ ...base, NODE_ENV: 'production', SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(refusal({ NODE_ENV: 'production', SESSION_SECRET: '' })).toContain('SESSION_SECRET must be set');
  });

  it('reads empty values as unset, as a .env file writes them', () => {
    expect(loadConfig({ ...base, PORT: '', REDIS_URL: '', DATABASE_URL: '' })).toMatchObject({
      port: 3000,
      redisUrl: null,
      databaseUrl: null,
    });
  });
});
