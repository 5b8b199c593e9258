import { type CallState, LIVE_CALL_STATES } from '@shiftline/shared';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { CallsTable, Database } from '../../db/schema.js';

export type CallRow = Selectable<CallsTable> & {
  id: string;
  /** The campaign's client company, read with the row where a live event needs it (rooms of the client portal). */
  company_id?: number | null;
};

/** The call's campaign's company, returned with the row by the statements that move a call. */
const companyOfCall = sql<
  number | null
>`(SELECT camp.company_id FROM campaigns camp WHERE camp.id = calls.campaign_id)`.as('company_id');

/** What the call page shows: the call with its campaign, client, disposition and callback setter. */
export type CallDetailsRow = CallRow & {
  campaign_name: string;
  campaign_type: 'inbound' | 'outbound';
  client_phone: string | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  country: string | null;
  address_line1: string | null;
  address_line2: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  blocked: boolean | null;
  disposition_title: string | null;
  callback_first_name: string | null;
  callback_second_name: string | null;
  callback_avatar: string | null;
  callback_role: string | null;
};

/** Queries on live calls and what hangs on them. One method, one query. */
export function createCallsRepository(db: Kysely<Database>) {
  /** The client record of a phone number (the newest, when several share it), or null. */
  async function clientOf(phone: string): Promise<number | null> {
    const found = await db
      .selectFrom('clients')
      .select('id')
      .where('phone', '=', phone)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return found?.id ?? null;
  }

  return {
    /** The call, locked until the transaction ends: moves of one call queue here. */
    lock: async (callId: number | string): Promise<CallRow | null> =>
      ((await db.selectFrom('calls').selectAll().where('id', '=', String(callId)).forUpdate().executeTakeFirst()) as
        | CallRow
        | undefined) ?? null,

    find: async (callId: number | string): Promise<CallRow | null> =>
      ((await db.selectFrom('calls').selectAll().where('id', '=', String(callId)).executeTakeFirst()) as
        | CallRow
        | undefined) ?? null,

    /** The oldest queued call of these campaigns, locked; calls another transaction is routing are skipped. */
    takeOldestQueued: async (campaignIds: readonly number[]): Promise<CallRow | null> =>
      campaignIds.length === 0
        ? null
        : (((await db
            .selectFrom('calls')
            .selectAll()
            .where('campaign_id', 'in', [...campaignIds])
            .where('status', '=', 'queued')
            .orderBy('queued_at')
            .orderBy('id')
            .limit(1)
            .forUpdate()
            .skipLocked()
            .executeTakeFirst()) as CallRow | undefined) ?? null),

    /** Campaigns with a call waiting, oldest wait first (the sweeper routes them). */
    campaignsWithQueuedCalls: async (): Promise<number[]> =>
      (
        await db
          .selectFrom('calls')
          .select('campaign_id')
          .where('status', '=', 'queued')
          .groupBy('campaign_id')
          .orderBy(sql`min(queued_at)`)
          .execute()
      ).map((row) => row.campaign_id),

    /** Offers that rang longer than allowed. */
    /** Calls in `status` ringing since before `before` (offers to agents, or outbound calls dialling a client). */
    ringingSince: async (status: 'offered' | 'dialling', before: Date): Promise<string[]> =>
      (
        await db
          .selectFrom('calls')
          .select('id')
          .where('status', '=', status)
          .where('offered_at', '<', before)
          .execute()
      ).map((row) => row.id as string),

    /** Transferred calls whose target's phone has rung since before `before` without answering. */
    transferRingsSince: async (before: Date): Promise<string[]> =>
      (
        await db
          .selectFrom('calls')
          .innerJoin('agent_state_log as s', (join) =>
            join
              .onRef('s.user_id', '=', 'calls.agent_id')
              .onRef('s.call_id', '=', 'calls.id')
              .on('s.end_at', 'is', null),
          )
          .select('calls.id')
          .where('calls.status', 'in', ['talking', 'on_hold'])
          .where('s.state', '=', 'ringing')
          .where('s.start_at', '<', before)
          .execute()
      ).map((row) => row.id as string),

    /** The agent's live call (offered, talking, on hold or in after-call work), if any. */
    liveCallOf: async (agentId: number): Promise<string | null> => {
      const row = await db
        .selectFrom('calls')
        .select('id')
        .where('agent_id', '=', agentId)
        .where('status', 'in', ['offered', 'talking', 'on_hold', 'after_call'])
        .executeTakeFirst();
      return (row?.id as string | undefined) ?? null;
    },

    /** Every live call, locked (restart reconciliation). */
    allLive: async (): Promise<CallRow[]> =>
      (await db
        .selectFrom('calls')
        .selectAll()
        .where('status', 'in', [...LIVE_CALL_STATES])
        .forUpdate()
        .execute()) as CallRow[],

    async insertQueued(call: {
      campaignId: number;
      clientId: number | null;
      did: string | null;
      statsSourceId: number | null;
      queuedAt: Date;
      callbackRequested: boolean;
      voiceMail: boolean;
    }): Promise<CallRow> {
      return (await db
        .insertInto('calls')
        .values({
          campaign_id: call.campaignId,
          direction: 'inbound',
          client_id: call.clientId,
          did: call.did,
          stats_source_id: call.statsSourceId,
          queued_at: call.queuedAt,
          status: 'queued',
          callback_requested: call.callbackRequested,
          voice_mail: call.voiceMail,
          callback_at: call.callbackRequested ? call.queuedAt : null,
        })
        .returningAll()
        .returning(companyOfCall)
        .executeTakeFirstOrThrow()) as CallRow;
    },

    async update(callId: number | string, changes: Partial<Omit<Selectable<CallsTable>, 'id'>>): Promise<CallRow> {
      return (await db
        .updateTable('calls')
        .set(changes)
        .where('id', '=', String(callId))
        .returningAll()
        .returning(companyOfCall)
        .executeTakeFirstOrThrow()) as CallRow;
    },

    details: async (callId: number | string): Promise<CallDetailsRow | null> =>
      ((await db
        .selectFrom('calls as c')
        .innerJoin('campaigns as camp', 'camp.id', 'c.campaign_id')
        .leftJoin('clients as cl', 'cl.id', 'c.client_id')
        .leftJoin('dispositions as d', 'd.id', 'c.disposition_id')
        .leftJoin('users as cb', 'cb.id', 'c.callback_user_id')
        .selectAll('c')
        .select([
          'camp.name as campaign_name',
          'camp.type as campaign_type',
          'cl.phone as client_phone',
          'cl.first_name',
          'cl.last_name',
          'cl.email',
          'cl.country',
          'cl.address_line1',
          'cl.address_line2',
          'cl.city',
          'cl.state',
          'cl.zip',
          'cl.blocked',
          'd.title as disposition_title',
          'cb.first_name as callback_first_name',
          'cb.second_name as callback_second_name',
          'cb.avatar_url as callback_avatar',
          'cb.role as callback_role',
        ])
        .where('c.id', '=', String(callId))
        .executeTakeFirst()) as CallDetailsRow | undefined) ?? null,

    /** The client calling from this number (the newest one when several share it), or a new one. */
    clientOf,

    /** The client record of a phone number, created when there is none. */
    async clientFor(phone: string): Promise<number> {
      const found = await clientOf(phone);
      if (found !== null) return found;
      const created = await db.insertInto('clients').values({ phone }).returning('id').executeTakeFirstOrThrow();
      return created.id;
    },

    campaignOfNumber: async (phone: string) =>
      (await db
        .selectFrom('campaign_numbers as n')
        .innerJoin('campaigns as c', 'c.id', 'n.campaign_id')
        .select(['c.id', 'c.name', 'c.type'])
        .where('n.phone', '=', phone)
        .where('c.archived', '=', false)
        .executeTakeFirst()) ?? null,

    campaign: async (campaignId: number) =>
      (await db
        .selectFrom('campaigns')
        .select(['id', 'name', 'type', 'archived', 'active'])
        .where('id', '=', campaignId)
        .executeTakeFirst()) ?? null,

    /** Enabled, live campaigns of an agent. */
    enabledCampaignsOf: async (userId: number): Promise<number[]> =>
      (
        await db
          .selectFrom('campaign_agents as ca')
          .innerJoin('campaigns as c', 'c.id', 'ca.campaign_id')
          .select('ca.campaign_id')
          .where('ca.user_id', '=', userId)
          .where('ca.is_disabled', '=', false)
          .where('c.archived', '=', false)
          .where('c.active', '=', true)
          .execute()
      ).map((row) => row.campaign_id),

    statusOfCalls: async (callIds: readonly string[]): Promise<{ id: string; status: CallState | null }[]> =>
      callIds.length === 0
        ? []
        : ((await db
            .selectFrom('calls')
            .select(['id', 'status'])
            .where('id', 'in', [...callIds])
            .execute()) as {
            id: string;
            status: CallState | null;
          }[]),
  };
}

export type CallsRepository = ReturnType<typeof createCallsRepository>;
