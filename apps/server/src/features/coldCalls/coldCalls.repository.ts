import { type Kysely, type Selectable, sql } from 'kysely';
import type { ColdCallsTable, Database } from '../../db/schema.js';
import type { HoursColumns } from '../campaigns/index.js';

export type ColdCallLead = Selectable<ColdCallsTable>;

/** A lead as the table shows it: the lead, its client, campaign, attached agent and last call. */
export type ColdCallListRow = ColdCallLead & {
  first_name: string;
  last_name: string;
  client_phone: string;
  campaign_name: string;
  list_name: string | null;
  agent_first_name: string | null;
  agent_second_name: string | null;
  last_call_status: string | null;
  last_call_answered_at: Date | null;
  busy: boolean;
};

/** Live states in which a call holds its client on the line (or ringing them). */
export const ON_THE_LINE = ['offered', 'dialling', 'talking', 'on_hold'] as const;

/** The lead's list is enabled (a lead of a disabled list is neither shown nor dialled). */
export const listEnabled = sql<boolean>`NOT EXISTS (SELECT 1 FROM lead_lists l WHERE l.id = cc.list_id AND NOT l.enabled)`;

/**
 * The lead's number is not blocked now (it may have been blacklisted or put on the do-not-call list after its list
 * was imported): the next free lead never hands one out. Leads hold their number in E.164 or as it was written.
 */
const notBlocked = sql<boolean>`NOT EXISTS (SELECT 1 FROM do_not_call d WHERE d.phone = cc.phone)
  AND NOT EXISTS (SELECT 1 FROM clients b WHERE b.blocked AND (b.phone = cc.phone OR b.phone_e164 = cc.phone))`;

/** Serialises one agent's lead changes (pg_advisory_xact_lock's first key; the second is the agent's id). */
const AGENT_LEAD_LOCK = 17_017;

/** Queries on cold-call lists. One method, one query. */
export function createColdCallsRepository(db: Kysely<Database>) {
  return {
    find: async (id: number): Promise<ColdCallLead | null> =>
      (await db.selectFrom('cold_calls').selectAll().where('id', '=', id).executeTakeFirst()) ?? null,

    /** Whether a lead of this list may be shown and dialled (a lead without a list may). */
    listIsEnabled: async (listId: number | null): Promise<boolean> =>
      listId === null ||
      (await db.selectFrom('lead_lists').select('enabled').where('id', '=', listId).executeTakeFirst())?.enabled ===
        true,

    /** The lead, locked until the transaction ends: takes of one lead queue here. */
    lock: async (id: number): Promise<ColdCallLead | null> =>
      (await db.selectFrom('cold_calls').selectAll().where('id', '=', id).forUpdate().executeTakeFirst()) ?? null,

    /** The lead of this client in this campaign, if listed. */
    ofClient: async (campaignId: number, clientId: number): Promise<ColdCallLead | null> =>
      (await db
        .selectFrom('cold_calls')
        .selectAll()
        .where('campaign_id', '=', campaignId)
        .where('client_id', '=', clientId)
        .forUpdate()
        .executeTakeFirst()) ?? null,

    /** The next lead free to take in these campaigns, locked; leads another transaction is taking are skipped. */
    nextFree: async (campaignIds: readonly number[]): Promise<ColdCallLead | null> =>
      campaignIds.length === 0
        ? null
        : ((await db
            .selectFrom('cold_calls as cc')
            .selectAll('cc')
            .where('cc.campaign_id', 'in', [...campaignIds])
            .where('cc.attached_agent_id', 'is', null)
            .where('cc.phone_valid', '=', true)
            .where(listEnabled)
            .where(notBlocked)
            .where(({ not, exists, selectFrom }) =>
              not(
                exists(
                  selectFrom('calls as c')
                    .select('c.id')
                    .whereRef('c.client_id', '=', 'cc.client_id')
                    .where('c.status', 'in', [...ON_THE_LINE]),
                ),
              ),
            )
            .orderBy(sql`cc.last_called_at ASC NULLS FIRST`)
            .orderBy('cc.id')
            .limit(1)
            .forUpdate()
            .skipLocked()
            .executeTakeFirst()) ?? null),

    /** Holds the agent's lead changes until the transaction ends (one lead per agent, whatever the concurrency). */
    lockAgent: async (agentId: number): Promise<void> => {
      await sql`SELECT pg_advisory_xact_lock(${AGENT_LEAD_LOCK}, ${agentId})`.execute(db);
    },

    /** Locks the client row: dials of one client queue here, so the simultaneous-call check sees the first. */
    lockClient: async (clientId: number): Promise<void> => {
      await db.selectFrom('clients').select('id').where('id', '=', clientId).forUpdate().execute();
    },

    /** A live call of another agent holds the client (the simultaneous call of spec §2.8). */
    otherAgentOnCallWith: async (clientId: number, agentId: number): Promise<boolean> =>
      (await db
        .selectFrom('calls')
        .select('id')
        .where('client_id', '=', clientId)
        .where('status', 'in', [...ON_THE_LINE])
        .where((eb) => eb.or([eb('agent_id', 'is', null), eb('agent_id', '<>', agentId)]))
        .limit(1)
        .executeTakeFirst()) !== undefined,

    /** Leads attached to the agent other than `keep` are let go; returns their campaigns. */
    detachAgent: async (
      agentId: number,
      options: { keep?: number; onlyDefinite?: boolean } = {},
    ): Promise<number[]> => {
      let query = db
        .updateTable('cold_calls')
        .set({ attached_agent_id: null, attached_at: null, definite: false })
        .where('attached_agent_id', '=', agentId);
      if (options.keep !== undefined) query = query.where('id', '<>', options.keep);
      if (options.onlyDefinite) query = query.where('definite', '=', true);
      return (await query.returning('campaign_id').execute()).map((row) => row.campaign_id);
    },

    attach: async (id: number, agentId: number, definite: boolean, at: Date): Promise<void> => {
      await db
        .updateTable('cold_calls')
        .set({ attached_agent_id: agentId, attached_at: at, definite })
        .where('id', '=', id)
        .execute();
    },

    /** The lead was dialled: attached to the agent for good, with the call that dialled it. */
    markCalled: async (id: number, agentId: number, callId: string, at: Date): Promise<void> => {
      await db
        .updateTable('cold_calls')
        .set({ attached_agent_id: agentId, attached_at: at, definite: true, last_called_at: at, last_call_id: callId })
        .where('id', '=', id)
        .execute();
    },

    /** Enabled, live outbound campaigns of the user (where they may take and dial leads). */
    callCampaignsOf: async (userId: number): Promise<({ id: number; name: string } & HoursColumns)[]> =>
      db
        .selectFrom('campaign_agents as ca')
        .innerJoin('campaigns as c', 'c.id', 'ca.campaign_id')
        .select(['c.id', 'c.name', 'c.time_zone', 'c.working_hours', 'c.holidays'])
        .where('ca.user_id', '=', userId)
        .where('ca.is_disabled', '=', false)
        .where('c.type', '=', 'outbound')
        .where('c.archived', '=', false)
        .where('c.active', '=', true)
        .orderBy('c.name')
        .execute(),

    /** An earlier call (a redial calls its client again). */
    callOf: async (callId: number) =>
      (await db
        .selectFrom('calls')
        .select(['id', 'agent_id', 'client_id', 'campaign_id'])
        .where('id', '=', String(callId))
        .executeTakeFirst()) ?? null,

    client: async (clientId: number) =>
      (await db.selectFrom('clients').select(['id', 'phone']).where('id', '=', clientId).executeTakeFirst()) ?? null,
  };
}

export type ColdCallsRepository = ReturnType<typeof createColdCallsRepository>;
