import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

/** How often a serving process writes its heartbeat: what a crash can lose of its live calls' and states' time. */
export const HEARTBEAT_EVERY_MS = 5000;

/**
 * This process's heartbeat in the database (process_heartbeats): written at once and every `everyMs`, removed when the
 * process stops. A crash (kill -9, a lost machine) leaves its last beat behind: the restart's reconciliation ends
 * what was live at that instant. A failed beat (the database away) is only logged; the next one tries again.
 */
export function startHeartbeat(
  db: Kysely<Database>,
  options: { everyMs: number; now: () => number; onError: (error: unknown) => void },
): { stop: () => Promise<void> } {
  const processId = randomUUID();
  const startedAt = new Date(options.now());
  let beating: Promise<unknown> = Promise.resolve();
  const beat = () => {
    const at = new Date(options.now());
    beating = db
      .insertInto('process_heartbeats')
      .values({ process_id: processId, started_at: startedAt, beat_at: at })
      .onConflict((conflict) => conflict.column('process_id').doUpdateSet({ beat_at: at }))
      .execute()
      .catch(options.onError);
  };
  beat();
  const timer = setInterval(beat, options.everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await beating;
      await db.deleteFrom('process_heartbeats').where('process_id', '=', processId).execute().catch(options.onError);
    },
  };
}
