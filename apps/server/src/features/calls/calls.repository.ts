import { type AgentCallType, type CallState, LIVE_CALL_STATES } from '@shiftline/shared';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { CallsTable, Database } from '../../db/schema.js';
import { HOURS_COLUMNS } from '../campaigns/index.js';
import {
  type OpenState,
  type OpenStateJson,
  openStateOf,
  type StateChange,
  type StateChangeJson,
  stateChangeOf,
} from './agentStates.repository.js';

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
  height: string | null;
  weight: string | null;
  blocked: boolean | null;
  disposition_title: string | null;
  /** The call's agent's call type (the after-call form's statuses follow it). */
  agent_call_type: AgentCallType | null;
  /** The client's lead in the call's campaign, with its list and last call's disposition; null: none. */
  lead_id: number | null;
  lead_created_at: Date | null;
  lead_custom_fields: Record<string, string> | null;
  lead_list_name: string | null;
  lead_status: string | null;
  lead_last_called_at: Date | null;
  /** No earlier call of the client: this call created the contact. */
  first_of_client: boolean;
  callback_first_name: string | null;
  callback_second_name: string | null;
  callback_avatar: string | null;
  callback_role: string | null;
};

/** A call row as the routing functions return it (jsonb: the id a number, times ISO text). */
type CallJson = Omit<CallRow, 'id'> & { id: number | string };
type OfferedJson = {
  call: CallJson;
  change: StateChangeJson;
  old_status: CallState | null;
  /** The agent's open row before the offer (call_route_once says it; call_offer's caller knows it). */
  closed: OpenStateJson | null;
};
type Refused = { refused: 'no_campaign' | 'no_inbound'; name?: string };
/** call_arrives's answer (an adapter's function around it may add its own fields). */
export type ArrivalJson = Refused | { call: CallJson; offered: OfferedJson | null };

/** An offer the engine made: the call as it is now, what it was, and the agent's move to ringing. */
export type Offered = { call: CallRow; oldStatus: CallState | null; change: StateChange };
/** A caller's arrival: the call queued and the offer it made (of this call or an older one), or why none was made. */
export type Arrival = Refused | { queued: CallRow; offered: Offered | null };

const CALL_TIMES = [
  'queued_at',
  'answered_at',
  'ended_at',
  'offered_at',
  'hung_up_at',
  'hold_started_at',
  'callback_at',
] as const;

function callRowOf(json: CallJson): CallRow {
  const row = { ...json, id: String(json.id) } as Record<string, unknown>;
  for (const column of CALL_TIMES) row[column] = row[column] == null ? null : new Date(row[column] as string);
  return row as CallRow;
}

const offeredOf = (json: OfferedJson, closing?: OpenState): Offered => ({
  call: callRowOf(json.call),
  oldStatus: json.old_status,
  change: stateChangeOf(closing ?? (json.closed && openStateOf(json.closed)), json.change),
});

export const arrivalFromJson = (arrival: ArrivalJson): Arrival =>
  'refused' in arrival
    ? arrival
    : { queued: callRowOf(arrival.call), offered: arrival.offered && offeredOf(arrival.offered) };

/** Queries on live calls and what hangs on them. One method, one query. */
export function createCallsRepository(db: Kysely<Database>) {
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
        : (((await sql<CallRow>`SELECT * FROM take_oldest_queued(${[...campaignIds]}::integer[])`.execute(db))
            .rows[0] as CallRow | undefined) ?? null),

    /**
     * A caller reaches an inbound campaign: queued and routed in one statement (call_arrives, migration 0023). The
     * queued call and the offer it made (of this call, or of an older one that waited), or why the campaign refused.
     * With no stats source named, the call takes the dialled number's (the administration's stats sources).
     */
    async arrive(call: {
      campaignId: number;
      callerPhone: string;
      did: string | null;
      statsSourceId: number | null;
      queuedAt: Date;
      callbackRequested: boolean;
      voiceMail: boolean;
    }): Promise<Arrival> {
      const { rows } = await sql<{ arrival: ArrivalJson }>`
        SELECT call_arrives(${call.campaignId}::integer, ${call.callerPhone}::text, ${call.did}::text,
          coalesce(${call.statsSourceId}::integer,
            (SELECT stats_source_id FROM campaign_numbers WHERE phone = ${call.did}::text)),
          ${call.queuedAt}::timestamptz, ${call.callbackRequested}::boolean,
          ${call.voiceMail}::boolean) AS arrival`.execute(db);
      return arrivalFromJson((rows[0] as { arrival: ArrivalJson }).arrival);
    },

    /** Offers the campaign's oldest waiting call to its longest-idle ready agent, in one statement; null: nobody. */
    async routeOnce(campaignId: number, at: Date): Promise<Offered | null> {
      const { rows } = await sql<{ offered: OfferedJson | null }>`
        SELECT call_route_once(${campaignId}::integer, ${at}::timestamptz) AS offered`.execute(db);
      const offered = rows[0]?.offered ?? null;
      return offered && offeredOf(offered);
    },

    /** Puts the locked call into the hands of the agent whose open row is `closing` (status: the machine's). */
    async offer(call: CallRow, status: CallState, closing: OpenState, at: Date): Promise<Offered> {
      const { rows } = await sql<{ offered: OfferedJson }>`
        SELECT call_offer(${call.id}::bigint, ${status}::text, ${closing.user_id}::integer, ${closing.id}::bigint,
          ${at}::timestamptz) AS offered`.execute(db);
      const offered = (rows[0] as { offered: OfferedJson }).offered;
      return offeredOf({ ...offered, old_status: call.status, closed: null }, closing);
    },

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
        .leftJoin('users as ag', 'ag.id', 'c.agent_id')
        // The client's lead in the call's campaign (one per client and campaign), its list and last outcome.
        .leftJoin(
          (eb) =>
            eb
              .selectFrom('cold_calls as lead')
              .leftJoin('lead_lists as ll', 'll.id', 'lead.list_id')
              .leftJoin('calls as last', 'last.id', 'lead.last_call_id')
              .leftJoin('dispositions as ld', 'ld.id', 'last.disposition_id')
              .select([
                'lead.id as lead_id',
                'lead.campaign_id as lead_campaign_id',
                'lead.client_id as lead_client_id',
                'lead.created_at as lead_created_at',
                'lead.custom_fields as lead_custom_fields',
                'lead.last_called_at as lead_last_called_at',
                'll.name as lead_list_name',
                'ld.title as lead_status',
              ])
              .as('l'),
          (join) =>
            join.onRef('l.lead_campaign_id', '=', 'c.campaign_id').onRef('l.lead_client_id', '=', 'c.client_id'),
        )
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
          'cl.height',
          'cl.weight',
          'cl.blocked',
          'ag.agent_call_type',
          'l.lead_id',
          'l.lead_created_at',
          'l.lead_custom_fields',
          'l.lead_list_name',
          'l.lead_status',
          'l.lead_last_called_at',
          sql<boolean>`NOT EXISTS (SELECT 1 FROM calls p WHERE p.client_id = c.client_id AND p.id < c.id)`.as(
            'first_of_client',
          ),
          'd.title as disposition_title',
          'cb.first_name as callback_first_name',
          'cb.second_name as callback_second_name',
          'cb.avatar_url as callback_avatar',
          'cb.role as callback_role',
        ])
        .where('c.id', '=', String(callId))
        .executeTakeFirst()) as CallDetailsRow | undefined) ?? null,

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
        .select(['id', 'name', 'type', 'archived', 'active', ...HOURS_COLUMNS])
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
