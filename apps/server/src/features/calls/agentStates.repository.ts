import type { LiveStatusId } from '@shiftline/shared';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { closeStateForRollups } from '../../rollups/index.js';

export type OpenState = {
  id: string;
  user_id: number;
  state: string;
  start_at: Date;
  campaign_id: number | null;
  call_id: string | null;
};

/** Who the agent is, as a state change's live event names them (read in the statement that opens the row). */
export type StateAgent = {
  first_name: string;
  second_name: string;
  agent_call_type: string | null;
  campaigns: number[];
  /** The call the new state is about, if any: its client (name, else phone), stats source and direction. */
  customer: string | null;
  /** The call's customer phone (their lead's in the call's campaign, else the client's) and that lead. */
  customer_phone: string | null;
  cold_call_id: number | null;
  source: string | null;
  call_type: string | null;
};

export type StateChange = { closed: OpenState | null; opened: OpenState; agent: StateAgent };

/**
 * The agent state log's live end: each agent's one open row (end_at null; a partial unique index allows one) is
 * their current status. Every change closes it and opens the next in the caller's transaction, and queues the closed
 * row for the productivity rollups there (src/rollups/backlog), so the rollups never miss or double a state.
 */
export function createAgentStatesRepository(db: Kysely<Database>) {
  const openRow = (userId: number) =>
    db
      .selectFrom('agent_state_log')
      .select(['id', 'user_id', 'state', 'start_at', 'campaign_id', 'call_id'])
      .where('user_id', '=', userId)
      .where('end_at', 'is', null);

  return {
    current: async (userId: number): Promise<OpenState | null> =>
      ((await openRow(userId).executeTakeFirst()) as OpenState | undefined) ?? null,

    /**
     * The open row, locked until the transaction ends: state changes of one agent queue here. A locked read that finds
     * none either waited for a change that closed the row it wanted (the next one is read again) or found an agent
     * with no open row at all (never signed in, or closed by a restart): then the user's row is locked (FOR NO KEY
     * UPDATE, which the state rows' foreign-key checks do not wait for) so two first changes queue instead of both
     * opening a row.
     */
    async lockCurrent(userId: number): Promise<OpenState | null> {
      let userLocked = false;
      for (;;) {
        const open = await openRow(userId).forUpdate().executeTakeFirst();
        if (open) return open as OpenState;
        // READ COMMITTED: a new statement sees the row that replaced the one the locked read waited for. This holds
        // after the user's lock too: the row its holder opened may have been replaced while this read waited for it.
        if (await openRow(userId).executeTakeFirst()) continue;
        if (userLocked) return null;
        await db.selectFrom('users').select('id').where('id', '=', userId).forNoKeyUpdate().execute();
        userLocked = true;
      }
    },

    /** The state the agent was in just before the open one (technical issues keeps its phone state). */
    stateBefore: async (userId: number, openStart: Date): Promise<string | null> => {
      const row = await db
        .selectFrom('agent_state_log')
        .select('state')
        .where('user_id', '=', userId)
        .where('end_at', '<=', openStart)
        .orderBy('end_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row?.state ?? null;
    },

    /** When the agent's last closed state ended (a logged-out agent's status starts there). */
    lastEnd: async (userId: number): Promise<Date | null> => {
      const row = await db
        .selectFrom('agent_state_log')
        .select(sql<Date>`max(end_at)`.as('end_at'))
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row?.end_at ?? null;
    },

    /**
     * Closes `closing` (the locked open row, if any) at `at` and opens `state`. Call inside a transaction that has
     * locked the open row (lockCurrent) or knows there is none.
     */
    async change(
      userId: number,
      closing: OpenState | null,
      state: LiveStatusId,
      at: Date,
      context: { campaignId?: number | null; callId?: number | string | null } = {},
    ): Promise<StateChange> {
      if (closing) {
        // A clock that stepped back must not give a row that ends before it starts.
        const end = at < closing.start_at ? closing.start_at : at;
        await closeStateForRollups(db, closing.id, end);
      }
      const opened = await db
        .insertInto('agent_state_log')
        .values({
          user_id: userId,
          state,
          start_at: closing && at < closing.start_at ? closing.start_at : at,
          campaign_id: context.campaignId ?? null,
          call_id: context.callId ?? null,
        })
        .returning(['id', 'user_id', 'state', 'start_at', 'campaign_id', 'call_id'])
        // The event's agent details come back with the row: no lookup after the commit, when the pool may be busy.
        .returning([
          sql<string>`(SELECT u.first_name FROM users u WHERE u.id = agent_state_log.user_id)`.as('first_name'),
          sql<string>`(SELECT u.second_name FROM users u WHERE u.id = agent_state_log.user_id)`.as('second_name'),
          sql<string | null>`(SELECT u.agent_call_type FROM users u WHERE u.id = agent_state_log.user_id)`.as(
            'agent_call_type',
          ),
          sql<number[]>`coalesce((SELECT array_agg(ca.campaign_id ORDER BY ca.campaign_id) FROM campaign_agents ca
            WHERE ca.user_id = agent_state_log.user_id AND NOT ca.is_disabled), '{}')`.as('campaigns'),
          sql<string | null>`(SELECT coalesce(nullif(trim(concat_ws(' ', cl.first_name, cl.last_name)), ''), cl.phone)
            FROM calls c JOIN clients cl ON cl.id = c.client_id WHERE c.id = agent_state_log.call_id)`.as('customer'),
          sql<string | null>`(SELECT coalesce(cc.phone, cl.phone) FROM calls c JOIN clients cl ON cl.id = c.client_id
            LEFT JOIN cold_calls cc ON cc.campaign_id = c.campaign_id AND cc.client_id = c.client_id
            WHERE c.id = agent_state_log.call_id LIMIT 1)`.as('customer_phone'),
          sql<number | null>`(SELECT cc.id FROM calls c JOIN cold_calls cc
            ON cc.campaign_id = c.campaign_id AND cc.client_id = c.client_id
            WHERE c.id = agent_state_log.call_id LIMIT 1)`.as('cold_call_id'),
          sql<string | null>`(SELECT src.name FROM calls c JOIN stats_sources src ON src.id = c.stats_source_id
            WHERE c.id = agent_state_log.call_id)`.as('source'),
          sql<string | null>`(SELECT c.direction FROM calls c WHERE c.id = agent_state_log.call_id)`.as('call_type'),
        ])
        .executeTakeFirstOrThrow();
      const {
        first_name,
        second_name,
        agent_call_type,
        campaigns,
        customer,
        customer_phone,
        cold_call_id,
        source,
        call_type,
        ...row
      } = opened;
      return {
        closed: closing,
        opened: row as OpenState,
        agent: {
          first_name,
          second_name,
          agent_call_type,
          campaigns: campaigns.map(Number),
          customer,
          customer_phone,
          cold_call_id: cold_call_id === null ? null : Number(cold_call_id),
          source,
          call_type,
        },
      };
    },

    /** Closes the open row without opening another (restart reconciliation). */
    async closeAt(closing: OpenState, at: Date): Promise<void> {
      const end = at < closing.start_at ? closing.start_at : at;
      await closeStateForRollups(db, closing.id, end);
    },

    /**
     * The longest-idle ready agent enabled on the campaign, its open row locked; agents another transaction is
     * offering a call to right now are skipped, not waited for.
     */
    takeLongestIdle: async (campaignId: number): Promise<OpenState | null> =>
      ((await db
        .selectFrom('agent_state_log as s')
        .innerJoin('campaign_agents as ca', (join) =>
          join
            .onRef('ca.user_id', '=', 's.user_id')
            .on('ca.campaign_id', '=', campaignId)
            .on('ca.is_disabled', '=', false),
        )
        .select(['s.id', 's.user_id', 's.state', 's.start_at', 's.campaign_id', 's.call_id'])
        .where('s.end_at', 'is', null)
        .where('s.state', '=', 'ready')
        .orderBy('s.start_at')
        .orderBy('s.id')
        .limit(1)
        .forUpdate('s')
        .skipLocked()
        .executeTakeFirst()) as OpenState | undefined) ?? null,

    /** Every open row (restart reconciliation). */
    allOpen: async (): Promise<OpenState[]> =>
      (await db
        .selectFrom('agent_state_log')
        .select(['id', 'user_id', 'state', 'start_at', 'campaign_id', 'call_id'])
        .where('end_at', 'is', null)
        .forUpdate()
        .execute()) as OpenState[],
  };
}

export type AgentStatesRepository = ReturnType<typeof createAgentStatesRepository>;
