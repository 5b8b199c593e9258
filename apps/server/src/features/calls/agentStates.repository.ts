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
  /** Their phone's SIP extension (the SIP server rings it). */
  extension: string | null;
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

/** An agent state row as the database's routing functions return it (jsonb: ids as text, times as ISO text). */
export type OpenStateJson = Omit<OpenState, 'start_at'> & { start_at: string };
/** agent_state_change's answer: the opened row and who the agent is. */
export type StateChangeJson = OpenStateJson & Omit<StateAgent, 'campaigns'> & { campaigns: number[] };

export const openStateOf = (row: OpenStateJson): OpenState => ({
  id: row.id,
  user_id: row.user_id,
  state: row.state,
  start_at: new Date(row.start_at),
  campaign_id: row.campaign_id,
  call_id: row.call_id,
});

/** A state change from agent_state_change's answer and the row it closed. */
export const stateChangeOf = (closed: OpenState | null, change: StateChangeJson): StateChange => ({
  closed,
  opened: openStateOf(change),
  agent: {
    first_name: change.first_name,
    second_name: change.second_name,
    agent_call_type: change.agent_call_type,
    extension: change.extension,
    campaigns: change.campaigns,
    customer: change.customer,
    customer_phone: change.customer_phone,
    cold_call_id: change.cold_call_id,
    source: change.source,
    call_type: change.call_type,
  },
});

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
     * Closes `closing` (the locked open row, if any) at `at` and opens `state`, in one statement (agent_state_change,
     * migration 0023). Call inside a transaction that has locked the open row (lockCurrent) or knows there is none.
     */
    async change(
      userId: number,
      closing: OpenState | null,
      state: LiveStatusId,
      at: Date,
      context: { campaignId?: number | null; callId?: number | string | null } = {},
    ): Promise<StateChange> {
      const { rows } = await sql<{ change: StateChangeJson }>`
        SELECT agent_state_change(${userId}::integer, ${closing?.id ?? null}::bigint, ${state}::text, ${at}::timestamptz,
          ${context.campaignId ?? null}::integer, ${context.callId == null ? null : String(context.callId)}::bigint
        ) AS change`.execute(db);
      return stateChangeOf(closing, (rows[0] as { change: StateChangeJson }).change);
    },

    /** Closes the open row without opening another (restart reconciliation). */
    async closeAt(closing: OpenState, at: Date): Promise<void> {
      await closeStateForRollups(db, closing.id, at);
    },

    /**
     * The longest-idle ready agent enabled on the campaign, its open row locked; agents another transaction is
     * offering a call to right now are skipped, not waited for.
     */
    takeLongestIdle: async (campaignId: number): Promise<OpenState | null> =>
      ((
        await sql<OpenState>`
          SELECT id, user_id, state, start_at, campaign_id, call_id FROM take_longest_idle(${campaignId}::integer)`.execute(
          db,
        )
      ).rows[0] as OpenState | undefined) ?? null,

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
