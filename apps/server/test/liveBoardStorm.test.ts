import {
  type AgentStateEvent,
  applyAgentState,
  applyCall,
  applyCallback,
  boardFromSnapshot,
  type CallbackChangedEvent,
  type CallChangedEvent,
  countersOf,
  type LiveBoard,
} from '@shiftline/shared';
import type { FastifyInstance } from 'fastify';
import type { Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { openDatabase } from '../src/db/database.js';
import { AppError } from '../src/plugins/errors.js';
import { createDatabaseFromTemplate, dropDatabase, withDatabase } from './support/databases.js';
import { connectSocket, onLiveEvent, waitForConnect, waitForEvent } from './support/socketClient.js';
import { createTestUser, demoEmail, login, testConfig } from './support/testApp.js';

// Issue 15, no drift: a supervisor's campaign board fed by events through two app instances (each with its own
// database pool, Socket.IO server and event numbering, meeting only in PostgreSQL and Redis, as two processes do) equals
// the server's own count after a storm of random moves, though its connection dropped in the middle.

const adminUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
const databaseName = `shiftline_storm_${process.pid}`;
const closers: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const close of closers.reverse()) await close().catch(() => undefined);
  if (adminUrl) await dropDatabase(adminUrl, databaseName);
});

/** A seeded pseudo-random sequence, so a failure replays. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

async function startInstance(url: string): Promise<{ app: FastifyInstance; baseUrl: string }> {
  const database = await openDatabase({ databaseUrl: url, dataDir: '' });
  const app = await buildApp({ config: testConfig({ redisUrl: redisUrl as string }), database });
  const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  closers.push(
    () => database.close(),
    () => app.close(),
  );
  return { app, baseUrl };
}

describe.skipIf(!adminUrl || !redisUrl || process.env.TEST_DB_KIND !== 'postgres')(
  'a live board through two app instances and Redis',
  () => {
    it('equals the server after a storm of random moves, with its connection dropped in the middle', async () => {
      await createDatabaseFromTemplate(adminUrl as string, databaseName);
      const url = withDatabase(adminUrl as string, databaseName);
      const a = await startInstance(url);
      const b = await startInstance(url);
      const handle = await openDatabase({ databaseUrl: url, dataDir: '' });
      closers.push(() => handle.close());
      const { db } = handle;
      const campaignId = (
        await db
          .insertInto('campaigns')
          .values({ name: 'Storm', unique_name: 'storm', type: 'inbound' })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
      const agentIds: number[] = [];
      for (let index = 0; index < 12; index += 1) {
        const id = await createTestUser(handle, { email: `storm${index}@test.local`, timezone: 'UTC' });
        await db.insertInto('campaign_agents').values({ campaign_id: campaignId, user_id: id }).execute();
        agentIds.push(id);
      }

      const supervisor = await login(a.app, demoEmail('team_lead'));
      const report = async (app: FastifyInstance) => {
        const response = await app.inject({
          method: 'POST',
          url: '/api/dashboards/campaign_status_report',
          headers: { cookie: supervisor.cookie, 'x-csrf-token': supervisor.csrf },
          payload: { campaigns: [campaignId] },
        });
        expect(response.statusCode).toBe(200);
        return response.json();
      };

      // The supervisor's page: a board from a snapshot, then the events; a gap (or a reconnect) fetches a new one.
      let board: LiveBoard = boardFromSnapshot((await report(a.app)).snapshot);
      let refetches = 0;
      let pendingRefetch: Promise<void> = Promise.resolve();
      // Once the comparison is made the page is gone: an event arriving while the apps close fetches nothing.
      let finished = false;
      const refetch = () => {
        if (finished) return;
        refetches += 1;
        pendingRefetch = pendingRefetch.then(async () => {
          board = boardFromSnapshot((await report(refetches % 2 ? b.app : a.app)).snapshot);
        });
      };
      const applied = (result: { board: LiveBoard; refetch: boolean }) => {
        board = result.board;
        if (result.refetch) refetch();
      };
      let socket = null as Socket | null;
      const connect = async () => {
        socket = connectSocket(b.baseUrl, supervisor.cookie);
        await waitForConnect(socket);
        const joined = waitForEvent<{ rooms: string[] }>(socket, 'join');
        socket.emit('join', { rooms: ['live'] });
        expect((await joined).rooms).toContain('live');
        onLiveEvent(socket, 'newAgentStateData', (event: AgentStateEvent) => applied(applyAgentState(board, event)));
        onLiveEvent(socket, 'newCallData', (event: CallChangedEvent) => applied(applyCall(board, event)));
        onLiveEvent(socket, 'newCallbackData', (event: CallbackChangedEvent) => applied(applyCallback(board, event)));
      };
      await connect();
      closers.push(async () => socket?.close());

      const next = random(20261125);
      const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)] as T;
      const engines = [a.app.live.engine, b.app.live.engine];
      const agentOf = (id: number) => ({ id, role: 'agent' as const, agent_call_type: null });
      const liveCalls = async () =>
        db.selectFrom('calls').select(['id', 'status', 'agent_id']).where('campaign_id', '=', campaignId).execute();
      async function randomMove() {
        const engine = pick(engines);
        const roll = next();
        const agentId = pick(agentIds);
        if (roll < 0.3) {
          const status = pick(['ready', 'ready', 'not_ready_personal', 'meeting', 'break', 'logged_out']);
          await engine.setStatus(agentOf(agentId), { status_name: status });
        } else if (roll < 0.55) {
          await engine.arrive({
            campaignId,
            callerPhone: `+1416555${String(Math.floor(next() * 10_000)).padStart(4, '0')}`,
            callback: next() < 0.2 ? { voiceMail: false } : null,
          });
        } else {
          const calls = await liveCalls();
          const call = pick(calls);
          if (!call) return;
          if (call.status === 'offered' && call.agent_id !== null) {
            await engine.flow(agentOf(call.agent_id), Number(call.id), next() < 0.8 ? 'talk' : 'hold');
          } else if (call.status === 'talking' || call.status === 'on_hold') {
            await engine.callerHungUp(call.id);
          } else if (call.status === 'after_call' && call.agent_id !== null) {
            await engine.setStatus(agentOf(call.agent_id), { status_name: 'ready', call_id: Number(call.id) });
          } else if (call.status === 'queued' && next() < 0.3) {
            await engine.abandon(call.id);
          }
        }
      }
      const storm = async (moves: number) => {
        for (let done = 0; done < moves; done += 8) {
          await Promise.all(
            Array.from({ length: 8 }, () =>
              randomMove().catch((error: unknown) => {
                // Moves the engine refuses (a call another move took first) are part of a storm.
                if (!(error instanceof AppError)) throw error;
              }),
            ),
          );
        }
      };

      await storm(160);
      // The connection drops; the floor moves on; the page reconnects and starts from a snapshot, as it does.
      socket?.close();
      await storm(80);
      await connect();
      refetch();
      await storm(160);

      const serverCounters = async () => {
        const row = (await report(a.app)).items[0];
        const { current_longest: _a, longest_queue_time_today: _b, campaign_id: _c, campaign_name: _d, ...rest } = row;
        return rest;
      };
      const boardCounters = () => {
        const { oldest_waiting_since: _oldest, ...rest } = countersOf(board, campaignId);
        return rest;
      };
      await expect
        .poll(
          async () => {
            await pendingRefetch;
            return JSON.stringify(boardCounters()) === JSON.stringify(await serverCounters());
          },
          { timeout: 10_000, interval: 200 },
        )
        .toBe(true);
      expect(boardCounters()).toEqual(await serverCounters());
      // The storm moved the floor: the comparison is not of two empty boards.
      const moved = await liveCalls();
      expect(moved.length).toBeGreaterThan(50);
      expect(refetches).toBeGreaterThan(0);
      finished = true;
      socket?.close();
      await pendingRefetch;
    }, 120_000);
  },
);
