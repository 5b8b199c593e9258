import { agentStateId } from '@shiftline/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/schema.js';
import { lockUserRow } from '../../src/features/users/index.js';
import { AppError, conflict } from '../../src/plugins/errors.js';
import { addCallsToRollups, addStatesToRollups } from '../../src/rollups/index.js';

/**
 * Test support: a call that ended, or an agent state, written as a ledger entry at any instant with its rollup update
 * in one transaction, for the dashboards' tests that build days of history by hand. Live calls and statuses move
 * through the call engine (features/calls), which queues the same rollup upkeep (src/rollups/backlog).
 */

export type CallEnding = {
  endedAt: Date;
  /** When an agent (or the customer, outbound) picked up; omitted keeps what the call already has. */
  answeredAt?: Date | null;
  talkSeconds: number;
  holdSeconds?: number;
  billedSeconds?: number;
  billed?: boolean;
  abandoned?: boolean;
  missed?: boolean;
  agentDisconnected?: boolean;
  dispositionId?: number | null;
  callbackRequested?: boolean;
};

export async function endCall(db: Kysely<Database>, callId: number | string, ending: CallEnding): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const call = await trx
      .selectFrom('calls')
      .select(['id', 'queued_at', 'answered_at', 'ended_at'])
      .where('id', '=', String(callId))
      .forUpdate()
      .executeTakeFirst();
    if (!call) throw new AppError('not_found', 'No such call.');
    if (call.ended_at !== null) throw conflict('This call has already ended.');
    if (ending.endedAt.getTime() < new Date(call.queued_at).getTime()) {
      throw new AppError('validation_failed', 'A call cannot end before it started.', {
        end_time: 'must not be before the call started',
      });
    }
    const answeredAt = ending.answeredAt === undefined ? call.answered_at : ending.answeredAt;
    const answered = answeredAt !== null;
    // Talk and billing need someone on the line; a caller who hung up in the queue was never answered.
    if (!answered && (ending.talkSeconds > 0 || ending.billed)) {
      throw new AppError('validation_failed', 'An unanswered call has no talk time and is not billed.', {
        talk_seconds: 'must be 0 for a call nobody answered',
      });
    }
    if (answered && ending.abandoned) {
      throw new AppError('validation_failed', 'An answered call was not abandoned.', {
        abandoned: 'only a caller who hung up in the queue abandons',
      });
    }
    await trx
      .updateTable('calls')
      .set({
        ended_at: ending.endedAt,
        answered_at: answeredAt,
        talk_seconds: ending.talkSeconds,
        hold_seconds: ending.holdSeconds ?? 0,
        billed_seconds: ending.billedSeconds ?? 0,
        billed: ending.billed ?? false,
        abandoned: ending.abandoned ?? false,
        missed: ending.missed ?? false,
        agent_disconnected: ending.agentDisconnected ?? false,
        disposition_id: ending.dispositionId ?? null,
        callback_requested: ending.callbackRequested ?? false,
      })
      .where('id', '=', String(callId))
      .execute();
    await addCallsToRollups(trx, [callId]);
  });
}

/**
 * Closes the agent's open state at `at` (adding it to the productivity rollup) and opens `state`.
 * Returns the new record's id.
 */
export async function changeAgentState(
  db: Kysely<Database>,
  userId: number,
  next: { state: string; at: Date; campaignId?: number | null; callId?: number | string | null },
): Promise<string> {
  // The log keeps ids ('on_hold' for 'On hold'), which the productivity rollup keys on.
  const state = agentStateId(next.state);
  if (state === null) {
    throw new AppError('validation_failed', 'Unknown agent state.', { state: 'is not a known agent state' });
  }
  return db.transaction().execute(async (trx) => {
    // Lock the agent: two state changes at once queue here rather than both opening a state.
    const agent = await lockUserRow(trx, userId);
    if (!agent) throw new AppError('not_found', 'No such user.');
    const open = await trx
      .selectFrom('agent_state_log')
      .select(['id', 'start_at'])
      .where('user_id', '=', userId)
      .where('end_at', 'is', null)
      .forUpdate()
      .executeTakeFirst();
    if (open) {
      if (next.at.getTime() < new Date(open.start_at).getTime()) {
        throw conflict('A state cannot start before the current one.');
      }
      await trx.updateTable('agent_state_log').set({ end_at: next.at }).where('id', '=', open.id).execute();
      await addStatesToRollups(trx, [open.id]);
    }
    const inserted = await trx
      .insertInto('agent_state_log')
      .values({
        user_id: userId,
        state,
        start_at: next.at,
        campaign_id: next.campaignId ?? null,
        call_id: next.callId ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return String(inserted.id);
  });
}
