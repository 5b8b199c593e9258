import { toE164 } from '@shiftline/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Agent } from '../calls/index.js';
import { offerToken } from './sipTelephony.js';

/** Reads the SIP side needs: numbers, extensions, and which agent's phone a call should ring now. */
export function createSipDirectory(db: Kysely<Database>) {
  return {
    userOfExtension: async (extension: string) =>
      (await db
        .selectFrom('users')
        .select(['id', 'extension'])
        .where('extension', '=', extension)
        .executeTakeFirst()) as { id: number; extension: string } | undefined,

    /**
     * The outbound call the agent of `extension` is dialling to `number` (the client's phone, or their lead's, in
     * E.164 either way), or null: an agent's phone reaches only the client the app made the call record for.
     */
    async dialledBy(extension: string, number: string): Promise<string | null> {
      const wanted = toE164(number);
      if (!wanted || extension === '') return null;
      const rows = await db
        .selectFrom('calls')
        .innerJoin('users', 'users.id', 'calls.agent_id')
        .leftJoin('clients', 'clients.id', 'calls.client_id')
        .leftJoin('cold_calls as lead', 'lead.last_call_id', 'calls.id')
        .select(['calls.id', 'clients.phone as client_phone', 'lead.phone as lead_phone'])
        .where('users.extension', '=', extension)
        .where('calls.direction', '=', 'outbound')
        .where('calls.status', '=', 'dialling')
        .orderBy('calls.id', 'desc')
        .limit(3)
        .execute();
      const match = rows.find((row) => toE164(row.client_phone) === wanted || toE164(row.lead_phone) === wanted);
      return match ? String(match.id) : null;
    },

    callState: async (callId: string) =>
      (await db.selectFrom('calls').select(['status', 'agent_id']).where('id', '=', callId).executeTakeFirst()) ?? null,

    /** The agent who holds the call now (for the engine's agent moves). */
    agentOfCall: async (callId: string): Promise<Agent | null> =>
      ((await db
        .selectFrom('calls')
        .innerJoin('users', 'users.id', 'calls.agent_id')
        .select(['users.id', 'users.role', 'users.agent_call_type'])
        .where('calls.id', '=', callId)
        .executeTakeFirst()) as Agent | undefined) ?? null,

    /**
     * Whose phone the call should ring now: the agent it is offered to, or the target of a transfer (the call stays
     * connected while the target's phone rings); 'ended' once it is over; null while it waits in the queue.
     */
    async offerOf(callId: string): Promise<{ extension: string; offer: string } | 'ended' | null> {
      const row = await db
        .selectFrom('calls')
        .leftJoin('users', 'users.id', 'calls.agent_id')
        .leftJoin('agent_state_log as s', (join) =>
          join.onRef('s.user_id', '=', 'calls.agent_id').on('s.end_at', 'is', null),
        )
        .select([
          'calls.status',
          'calls.agent_id',
          'calls.offered_at',
          'users.extension',
          's.state',
          's.call_id',
          's.start_at',
        ])
        .where('calls.id', '=', callId)
        .executeTakeFirst();
      if (!row || row.status === null || !['queued', 'offered', 'talking', 'on_hold'].includes(row.status))
        return 'ended';
      if (row.agent_id === null || !row.extension) return null;
      if (row.status === 'offered' && row.offered_at) {
        return { extension: row.extension, offer: offerToken(row.agent_id, row.offered_at.getTime()) };
      }
      const transferRinging = row.state === 'ringing' && String(row.call_id) === callId;
      if ((row.status === 'talking' || row.status === 'on_hold') && transferRinging && row.start_at) {
        return { extension: row.extension, offer: offerToken(row.agent_id, row.start_at.getTime()) };
      }
      return null;
    },
  };
}

export type SipDirectory = ReturnType<typeof createSipDirectory>;
