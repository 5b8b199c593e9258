import { userRoom } from '@shiftline/shared';
import type { FastifyInstance } from 'fastify';
import type { Server } from 'socket.io';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import type { DatabaseHandle } from '../src/db/database.js';
import { openTestDatabase } from './support/databases.js';
import { type PrivateRedis, REDIS_SERVER, startPrivateRedis } from './support/redisServer.js';
import { connectSocket, waitForConnect } from './support/socketClient.js';
import { demoEmail, login, testConfig } from './support/testApp.js';

if (!REDIS_SERVER)
  console.warn('redisOutage.test.ts skipped: redis-server is not installed (apt-get install redis-server)');

const ATTEMPTS = 3;
let redis: PrivateRedis;
let database: DatabaseHandle;
let processA: FastifyInstance;
let processB: FastifyInstance;
let agentSocket: Socket | undefined;
let agentId: number;

async function signIn(app: FastifyInstance, email: string, password = 'shiftline') {
  const started = performance.now();
  const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  return { status: response.statusCode, ms: performance.now() - started };
}

/** The probe is no event of the app's contract: it goes through Socket.IO's untyped server. */
const emitProbe = () =>
  (processA.io as unknown as Server).to(userRoom(agentId)).emit('outage-probe', { at: Date.now() });

/** Emits from process A to the agent's room until the agent's socket, connected to process B, hears it. */
async function deliveredAcrossProcesses(withinMs: number): Promise<boolean> {
  const socket = agentSocket as Socket;
  const deadline = Date.now() + withinMs;
  let received = false;
  const onProbe = () => {
    received = true;
  };
  socket.on('outage-probe', onProbe);
  try {
    while (!received && Date.now() < deadline) {
      emitProbe();
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    return received;
  } finally {
    socket.off('outage-probe', onProbe);
  }
}

// Two app processes (two app instances here) sharing one database and one Redis that the test starts, freezes,
// kills and restarts: sign-in must keep answering and stay limited, and events between processes must resume.
describe.skipIf(!REDIS_SERVER)('Redis outages', () => {
  beforeAll(async () => {
    redis = await startPrivateRedis();
    database = await openTestDatabase();
    const config = testConfig({ redisUrl: redis.url, loginAttemptsPerMinute: ATTEMPTS });
    processA = await buildApp({ config, database });
    processB = await buildApp({ config, database });
    await processA.ready();
    const address = await processB.listen({ port: 0, host: '127.0.0.1' });
    const agent = await login(processB, demoEmail('agent'));
    agentId = agent.userId;
    agentSocket = connectSocket(address, agent.cookie);
    await waitForConnect(agentSocket);
  });

  afterAll(async () => {
    agentSocket?.close();
    await processA?.close();
    await processB?.close();
    await database?.close();
    await redis?.stop();
  });

  /** On process A, `who` signs in within a second, and `email`'s wrong passwords get 401 up to the limit, then 429. */
  async function expectSignInAndLimit(who: string, email: string) {
    const signedIn = await signIn(processA, who);
    expect(signedIn.status).toBe(200);
    expect(signedIn.ms).toBeLessThan(1000);
    for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
      expect((await signIn(processA, email, 'wrong-password')).status).toBe(401);
    }
    expect((await signIn(processA, email, 'wrong-password')).status).toBe(429);
  }

  const readiness = async () => {
    const response = await processA.inject({ method: 'GET', url: '/readyz' });
    return { status: response.statusCode, body: response.json() };
  };

  it('counts sign-in attempts across processes and carries events between them while Redis is up', async () => {
    expect(await deliveredAcrossProcesses(5000)).toBe(true);
    // Readiness reports Redis beside the database.
    expect(await readiness()).toMatchObject({
      status: 200,
      body: { status: 'ready', database: { status: 'ok' }, redis: { status: 'ok' } },
    });
    const email = demoEmail('team_lead');
    for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
      expect((await signIn(attempt % 2 === 0 ? processA : processB, email, 'wrong-password')).status).toBe(401);
    }
    // The counter is shared: the next attempt is refused by the other process too.
    expect((await signIn(processB, email, 'wrong-password')).status).toBe(429);
  });

  it('signs in within a second while Redis is frozen, and still limits attempts', async () => {
    redis.freeze();
    try {
      await expectSignInAndLimit(demoEmail('agent_supervisor'), demoEmail('campaign_manager'));
    } finally {
      redis.thaw();
    }
  });

  it('signs in while Redis is down, limits attempts per process, and resumes events when Redis returns', async () => {
    await redis.stop();
    // Readiness says Redis is down and stays ready: the app serves without it.
    expect(await readiness()).toMatchObject({
      status: 200,
      body: { status: 'ready', database: { status: 'ok' }, redis: { status: 'error' } },
    });
    // Emitting while Redis is down reaches this process's sockets and ends no process.
    emitProbe();
    await expectSignInAndLimit(demoEmail('administrator'), demoEmail('schedule_supervisor'));

    await redis.start();
    expect(await deliveredAcrossProcesses(15_000)).toBe(true);
  });
});
