import { billingOf, type CallState } from '@shiftline/shared';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { queueCallsForRollups } from '../../rollups/index.js';
import { createAgentStatesRepository } from './agentStates.repository.js';
import { type CallRow, createCallsRepository } from './calls.repository.js';

const seconds = (from: Date, to: Date) => Math.max(0, Math.round((to.getTime() - from.getTime()) / 1000));

/** The last instant the call is known to have been alive: its latest recorded step. */
function lastActivityOf(call: CallRow): Date {
  const steps = [call.queued_at, call.offered_at, call.answered_at, call.hold_started_at, call.hung_up_at].filter(
    (value): value is Date => value !== null,
  );
  return new Date(Math.max(...steps.map((value) => new Date(value).getTime())));
}

const latest = (one: Date, other: Date) => (one.getTime() >= other.getTime() ? one : other);

/** The dead processes' last heartbeat (no later than now), removing their rows; null when none left one. */
async function lastHeartbeat(trx: Kysely<Database>, now: Date): Promise<Date | null> {
  const beats = await trx.deleteFrom('process_heartbeats').returning('beat_at').execute();
  if (beats.length === 0) return null;
  const last = Math.max(...beats.map((beat) => new Date(beat.beat_at).getTime()));
  return new Date(Math.min(last, now.getTime()));
}

/**
 * After a crash, nothing live survives the process that held it: callers' lines and agents' pages are gone. At start,
 * in one transaction, every call left live is ended with the reason 'restart' and every open agent state is closed,
 * at the last instant the processes were known alive: their last heartbeat (db/heartbeat.ts), never before the call's
 * last recorded step or the state's start, never after now. A talking call keeps its talk time until then, a Ready
 * agent their Ready time; a caller who never reached an agent counts as abandoned. Without a heartbeat (a database
 * from before them) a call ends at its last recorded step and a state at the agent's last request. What had been
 * written stays: notes, dispositions and sales of a call in after-call work are kept and the call counts in the
 * rollups once. The dead processes' heartbeats are removed.
 */
export async function reconcileLiveState(db: Kysely<Database>, now: Date): Promise<{ calls: number; states: number }> {
  return db.transaction().execute(async (trx) => {
    const calls = createCallsRepository(trx);
    const states = createAgentStatesRepository(trx);
    const lastBeat = await lastHeartbeat(trx, now);
    const live = await calls.allLive();
    for (const call of live) {
      const at = lastBeat ? latest(lastActivityOf(call), lastBeat) : lastActivityOf(call);
      const status = call.status as CallState;
      // A caller queued again after a transfer nobody took was answered: their call ends answered, below.
      if ((status === 'queued' || status === 'offered') && call.answered_at === null) {
        await calls.update(call.id, {
          status: 'abandoned',
          abandoned: true,
          ended_at: at,
          queue_seconds: seconds(call.queued_at, at),
          offered_at: null,
          end_reason: 'restart',
        });
        continue;
      }
      const hungUpAt = call.hung_up_at ?? at;
      const holdSeconds = call.hold_seconds + (call.hold_started_at ? seconds(call.hold_started_at, hungUpAt) : 0);
      const talkSeconds = call.hung_up_at
        ? call.talk_seconds
        : Math.max(0, (call.answered_at ? seconds(call.answered_at, hungUpAt) : 0) - holdSeconds);
      const { billed, billedSeconds } = billingOf({ answered: call.answered_at !== null, talkSeconds, holdSeconds });
      await calls.update(call.id, {
        status: 'ended',
        hung_up_at: hungUpAt,
        hold_started_at: null,
        hold_seconds: holdSeconds,
        talk_seconds: talkSeconds,
        billed,
        billed_seconds: billedSeconds,
        ended_at: hungUpAt,
        end_reason: 'restart',
      });
    }
    await queueCallsForRollups(
      trx,
      live.map((call) => call.id),
    );

    // An open Logged out row is not live: it stays open (the agent's status, logged out since then).
    const open = (await states.allOpen()).filter((state) => state.state !== 'logged_out');
    const lastSeen = new Map(
      (
        await trx
          .selectFrom('sessions')
          .select(['user_id', sql<Date>`max(last_seen_at)`.as('last_seen_at')])
          .where('user_id', 'in', open.length > 0 ? open.map((state) => state.user_id) : [0])
          .groupBy('user_id')
          .execute()
      ).map((row) => [row.user_id, new Date(row.last_seen_at)]),
    );
    for (const state of open) {
      const seen = lastBeat ?? lastSeen.get(state.user_id);
      const at = new Date(Math.min(now.getTime(), Math.max(state.start_at.getTime(), seen?.getTime() ?? 0)));
      await states.closeAt(state, at);
    }
    return { calls: live.length, states: open.length };
  });
}
