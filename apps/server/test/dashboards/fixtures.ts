import { sql } from 'kysely';
import type { DatabaseHandle } from '../../src/db/database.js';
import type { Database } from '../../src/db/schema.js';
import { rollupTables } from '../../src/rollups/index.js';
import { type CallEnding, endCall } from '../support/callLedger.js';
import { startTestApp, type TestApp } from '../support/testApp.js';

type NewCall = import('kysely').Insertable<Database['calls']>;

/** Empties the call history and its rollups, so a test's hand-made calls are the only ones counted. */
export async function clearCallHistory(database: DatabaseHandle): Promise<void> {
  await sql`TRUNCATE sale_lines, sales_leads, agent_state_log, recording_pauses, call_recordings, calls, agent_payments, ${rollupTables}`.execute(
    database.db,
  );
}

/**
 * The rollup property tests' start: the app at a fixed now, no call history, two demo campaigns to pick from, and
 * every campaign's billing rate (cents per hour).
 */
export async function startRollupPropertyApp(): Promise<{
  t: TestApp;
  campaigns: number[];
  billingRates: Map<number, number>;
}> {
  const t = await startTestApp({}, { now: () => Date.parse('2026-11-20T12:00:00Z') });
  const { database } = t;
  await clearCallHistory(database);
  const campaigns = [
    await campaignId(database, 'Northwind Patient Line'),
    await campaignId(database, 'Maple Telecom Billing'),
  ];
  const billingRates = new Map<number, number>();
  for (const campaign of await database.db.selectFrom('campaigns').select(['id', 'billing_rate_cents']).execute()) {
    billingRates.set(campaign.id, campaign.billing_rate_cents);
  }
  return { t, campaigns, billingRates };
}

/** What the rollup property tests end a generated call with. */
type EndingCall = { queuedMs: number; queue: number; talk: number; billed: boolean; callback: boolean };

/**
 * Ends the odd calls of a generated history one by one, as calls end live (the rebuild counted the even ones, which
 * were inserted ended): each `queue + talk` seconds after it was queued, billed for its talk when billed, with what
 * `more` adds to the ending.
 */
export async function endOddCalls<C extends EndingCall>(
  database: DatabaseHandle,
  inserted: readonly { id: string }[],
  calls: readonly C[],
  more: (call: C) => Partial<CallEnding> = () => ({}),
): Promise<void> {
  for (const [index, row] of inserted.entries()) {
    if (index % 2 === 0) continue;
    const call = calls[index] as C;
    await endCall(database.db, row.id, {
      endedAt: new Date(call.queuedMs + (call.queue + call.talk) * 1000),
      talkSeconds: call.talk,
      billed: call.billed,
      billedSeconds: call.billed ? call.talk : 0,
      callbackRequested: call.callback,
      ...more(call),
    });
  }
}

export async function campaignId(database: DatabaseHandle, name: string): Promise<number> {
  const row = await database.db.selectFrom('campaigns').select('id').where('name', '=', name).executeTakeFirstOrThrow();
  return row.id;
}

export async function userId(database: DatabaseHandle, email: string): Promise<number> {
  const row = await database.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return row.id;
}

export async function statsSource(database: DatabaseHandle, name: string): Promise<number> {
  const existing = await database.db
    .selectFrom('stats_sources')
    .select('id')
    .where('name', '=', name)
    .executeTakeFirst();
  if (existing) return existing.id;
  return (await database.db.insertInto('stats_sources').values({ name }).returning('id').executeTakeFirstOrThrow()).id;
}

export async function disposition(
  database: DatabaseHandle,
  fields: { title: string; campaign_type: 'inbound' | 'outbound'; bucket: Database['dispositions']['bucket'] },
): Promise<number> {
  const existing = await database.db
    .selectFrom('dispositions')
    .select('id')
    .where('title', '=', fields.title)
    .where('campaign_type', '=', fields.campaign_type)
    .executeTakeFirst();
  if (existing) return existing.id;
  return (await database.db.insertInto('dispositions').values(fields).returning('id').executeTakeFirstOrThrow()).id;
}

/** A finished call: answered `queueSeconds` after queueing unless abandoned or unanswered, ended after talking. */
export function endedCall(
  fields: Omit<NewCall, 'queued_at' | 'direction'> & { queued_at: string; direction?: 'inbound' | 'outbound' },
): NewCall {
  const queued = new Date(fields.queued_at).getTime();
  const queue = fields.queue_seconds ?? 0;
  const talk = fields.talk_seconds ?? 0;
  const answered = !fields.abandoned && (fields.answered_at !== undefined ? fields.answered_at !== null : talk > 0);
  return {
    direction: 'inbound',
    answered_at: answered ? new Date(queued + queue * 1000) : null,
    ended_at: new Date(queued + (queue + talk) * 1000),
    ...fields,
  };
}
