import { SIP_SECRET_HEADER } from '@shiftline/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { type DatabaseHandle, openDatabase } from '../../src/db/database.js';
import { demoTrunkId } from '../../src/features/trunks/index.js';
import { createDatabaseFromTemplate, dropDatabase, withDatabase } from '../support/databases.js';
import { as, createTestUser, login, type Session, testConfig } from '../support/testApp.js';
import { unreachableSip } from './centre.js';

// SIP call state across app processes (issue 14): Kamailio's questions about one call are split between two app
// instances (each with its own database pool, Socket.IO server and SIP adapter, meeting only in PostgreSQL and Redis,
// as two processes behind one Kamailio do), and the call record ends exactly as with one process.

const adminUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
const databaseName = `shiftline_sip2_${process.pid}`;
const sip = unreachableSip();
const closers: (() => Promise<unknown>)[] = [];
let clock = Date.parse('2030-05-08T14:00:00Z');

type Instance = { app: FastifyInstance; handle: DatabaseHandle };
let a: Instance;
let b: Instance;

async function startInstance(url: string): Promise<Instance> {
  const handle = await openDatabase({ databaseUrl: url, dataDir: '' });
  const app = await buildApp({
    config: testConfig({ redisUrl: redisUrl as string, sip }),
    database: handle,
    now: () => clock,
  });
  await app.ready();
  closers.push(
    () => handle.close(),
    () => app.close(),
  );
  return { app, handle };
}

/** Kamailio's question, to one instance. */
const ask = (to: Instance, url: string, payload: object) =>
  to.app.inject({
    method: 'POST',
    url: `/api/telephony/sip/${url}`,
    headers: { [SIP_SECRET_HEADER]: sip.secret },
    payload,
  });
const ready = (to: Instance, session: Session) =>
  to.app.inject({
    method: 'POST',
    url: '/api/status/set_new_status',
    headers: as(session),
    payload: { status_name: 'ready' },
  });

describe.skipIf(!adminUrl || !redisUrl || process.env.TEST_DB_KIND !== 'postgres')(
  'one call, its SIP questions split between two app processes',
  () => {
    let campaignNumber: string;
    let agents: (Session & { extension: string })[] = [];
    const callRow = (id: string) =>
      a.handle.db.selectFrom('calls').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const stateOf = async (userId: number) =>
      (
        await a.handle.db
          .selectFrom('agent_state_log')
          .select('state')
          .where('user_id', '=', userId)
          .where('end_at', 'is', null)
          .executeTakeFirst()
      )?.state;

    beforeAll(async () => {
      await createDatabaseFromTemplate(adminUrl as string, databaseName);
      const url = withDatabase(adminUrl as string, databaseName);
      a = await startInstance(url);
      b = await startInstance(url);
      const { db } = a.handle;
      const campaign = await db
        .insertInto('campaigns')
        .values({ name: 'Split', unique_name: 'sip_split', type: 'inbound' })
        .returning('id')
        .executeTakeFirstOrThrow();
      campaignNumber = '18005550177';
      await db
        .insertInto('campaign_numbers')
        .values({ phone: campaignNumber, campaign_id: campaign.id, trunk_id: await demoTrunkId(db) })
        .execute();
      agents = [];
      for (let index = 0; index < 6; index += 1) {
        const email = `split${index}@test.local`;
        const id = await createTestUser(a.handle, { email, timezone: 'America/Toronto' });
        const extension = `31${index}`;
        await db.updateTable('users').set({ extension }).where('id', '=', id).execute();
        await db.insertInto('campaign_agents').values({ campaign_id: campaign.id, user_id: id }).execute();
        // Their phones count as registered (as Kamailio would report them): on SIP, Ready needs a registered phone.
        await db.insertInto('sip_phones').values({ user_id: id, registered: true, dropped_from: null }).execute();
        agents.push({ ...(await login(index % 2 === 0 ? a.app : b.app, email)), extension });
      }
    });
    afterAll(async () => {
      for (const close of closers.reverse()) await close().catch(() => undefined);
      if (adminUrl && redisUrl) await dropDatabase(adminUrl, databaseName);
    });

    it('routes on A, wakes from B through Redis, answers on B, transfers on A, ends on B', async () => {
      const [first, target] = agents as [Session & { extension: string }, Session & { extension: string }];
      const invite = {
        sip_call_id: 'split-1@test',
        from: '+14165550177',
        to: campaignNumber,
        cseq: 1,
        source: '127.0.0.1',
      };

      // Nobody is ready: A holds the question; the agent going Ready through B wakes it at once (not the 2 s re-read).
      expect((await ask(a, 'route', { ...invite, hold_ms: 0 })).body).toBe('wait\n');
      const held = ask(a, 'route', { ...invite, hold_ms: 10_000 });
      await new Promise((resolve) => setTimeout(resolve, 300));
      const readyAt = performance.now();
      expect((await ready(b, first)).statusCode).toBe(200);
      const ring = (await held).body.trim().split(' ');
      expect(performance.now() - readyAt).toBeLessThan(1000);
      expect(ring.slice(0, 2)).toEqual(['ring', first.extension]);
      const callId = ring[2] as string;

      clock += 4000;
      await ask(b, 'answered', { call_id: callId, sip_call_id: invite.sip_call_id, h_entry: 1, h_id: 2 });
      expect(await callRow(callId)).toMatchObject({ status: 'talking', agent_id: first.userId, queue_seconds: 4 });

      clock += 50_000;
      expect((await ready(a, target)).statusCode).toBe(200);
      const referTo = `<sip:${target.extension}@sip.test>`;
      expect((await ask(a, 'transfer', { call_id: callId, refer_to: referTo })).statusCode).toBe(200);
      // The first agent's BYE reaches B: B knows that dialog was left, so it ends nothing.
      expect((await ask(b, 'hangup', { call_id: callId, sip_call_id: invite.sip_call_id, by: 'agent' })).body).toBe(
        'ignored\n',
      );
      expect((await callRow(callId)).status).toBe('talking');
      // The caller's INVITE to the target reaches B, which finds the transfer A recorded.
      const moved = {
        sip_call_id: 'split-2@test',
        from: '+14165550177',
        to: target.extension,
        cseq: 1,
        source: '127.0.0.1',
        hold_ms: 0,
      };
      expect((await ask(b, 'route', moved)).body.trim().split(' ').slice(0, 3)).toEqual([
        'ring',
        target.extension,
        callId,
      ]);
      clock += 3000;
      await ask(a, 'answered', { call_id: callId, sip_call_id: moved.sip_call_id, h_entry: 3, h_id: 4 });
      expect(await stateOf(target.userId)).toBe('on_call');

      clock += 30_000;
      await ask(b, 'hangup', { call_id: callId, sip_call_id: moved.sip_call_id, by: 'caller' });
      expect(await callRow(callId)).toMatchObject({
        status: 'after_call',
        agent_id: target.userId,
        queue_seconds: 4,
        talk_seconds: 83,
        hold_seconds: 0,
        agent_disconnected: false,
        missed: false,
        abandoned: false,
      });
      expect(await stateOf(first.userId)).toBe('after_call_work');
      expect(await stateOf(target.userId)).toBe('after_call_work');
      // The line ended: no SIP state is left for the call in either process.
      expect(
        await a.handle.db.selectFrom('sip_legs').select('call_id').where('call_id', '=', callId).execute(),
      ).toEqual([]);
      expect(
        await a.handle.db.selectFrom('sip_call_ids').select('sip_call_id').where('call_id', '=', callId).execute(),
      ).toEqual([]);
    });

    it("continues a caller parked through B when A's engine offers the call again", async () => {
      const third = agents[2] as Session;
      const fourth = agents[3] as Session;
      const callOf = (answer: string) => answer.trim().split(' ') as [string, string, string, string];
      expect((await ready(a, third)).statusCode).toBe(200);
      const invite = {
        sip_call_id: 'split-3@test',
        from: '+14165550178',
        to: campaignNumber,
        cseq: 1,
        source: '127.0.0.1',
        hold_ms: 0,
      };
      const [, , callId, offer] = callOf((await ask(b, 'route', invite)).body);
      // The third agent's phone declines (486): Kamailio parks the caller through B, which misses the offer at once
      // (A's sweep then finds nothing left to miss).
      expect((await ask(b, 'park', { ...invite, call_id: callId, offer, status: 486 })).body).toBe('parked\n');
      expect(await stateOf(third.userId)).toBe('not_ready_automatic');
      clock += 21_000;
      expect((await a.app.live.engine.sweep()).missed).toBe(0);
      // The fourth agent goes Ready through A: A offers and continues the caller B parked (taken once).
      expect((await ready(a, fourth)).statusCode).toBe(200);
      await expect
        .poll(() =>
          a.handle.db
            .selectFrom('sip_legs')
            .select(['parked', 'offer'])
            .where('call_id', '=', callId)
            .executeTakeFirst(),
        )
        .toMatchObject({ parked: false, offer: expect.stringMatching(new RegExp(`^${fourth.userId}\\.`)) });
      clock += 2000;
      const answered = { call_id: callId, sip_call_id: invite.sip_call_id, h_entry: 5, h_id: 6 };
      await ask(b, 'answered', { ...answered, offer: `${fourth.userId}.1` });
      expect(await callRow(callId)).toMatchObject({
        status: 'talking',
        agent_id: fourth.userId,
        missed: true,
        queue_seconds: 23,
      });
      await ask(a, 'hangup', { call_id: callId, sip_call_id: invite.sip_call_id, by: 'agent' });
      expect((await callRow(callId)).status).toBe('after_call');
    });

    it('hears a warm-transfer invitation made on A accepted on B, once', async () => {
      const [onCall, invited] = agents.slice(4) as [Session & { extension: string }, Session];
      expect((await ready(a, onCall)).statusCode).toBe(200);
      const invite = {
        sip_call_id: 'split-5@test',
        from: '+14165550180',
        to: campaignNumber,
        cseq: 1,
        source: '127.0.0.1',
        hold_ms: 0,
      };
      const [, , callId] = (await ask(a, 'route', invite)).body.trim().split(' ') as [string, string, string];
      await ask(b, 'answered', { call_id: callId, sip_call_id: invite.sip_call_id, h_entry: 7, h_id: 8 });
      const asked = await a.app.inject({
        method: 'POST',
        url: '/api/telephony/warm_transfer',
        headers: as(onCall),
        payload: { call_id: Number(callId), agent_id: invited.userId },
      });
      expect(asked.statusCode, asked.body).toBe(200);
      const accept = (to: Instance) =>
        to.app.inject({
          method: 'POST',
          url: '/api/telephony/warm_transfer/accept',
          headers: as(invited),
          payload: { call_id: Number(callId) },
        });
      const accepted = await accept(b);
      expect(accepted.statusCode, accepted.body).toBe(200);
      expect((await accept(a)).statusCode).toBe(409);
    });

    it('abandons a caller who cancelled on B before A had named their call', async () => {
      const invite = {
        sip_call_id: 'split-4@test',
        from: '+14165550179',
        to: campaignNumber,
        cseq: 1,
        source: '127.0.0.1',
        hold_ms: 0,
      };
      expect((await ask(b, 'left', { sip_call_id: invite.sip_call_id })).body).toBe('ok\n');
      expect((await ask(a, 'route', invite)).body).toBe('reject 487 Request_Terminated\n');
      const call = await a.handle.db
        .selectFrom('calls')
        .selectAll()
        .where('did', '=', campaignNumber)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(call).toMatchObject({ abandoned: true, status: 'abandoned' });
    });
  },
);
