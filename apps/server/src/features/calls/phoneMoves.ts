import type { LiveStatusId } from '@shiftline/shared';
import { sql } from 'kysely';
import type { Repositories } from './engineCore.js';
import { type EngineCore, statusOf } from './engineCore.js';

/** The statuses that take calls: on a network whose phones register, only with a registered phone. */
const TAKING_CALLS: LiveStatusId[] = ['ready', 'ready_outbound', 'outbound_sales_calls'];

/**
 * Agents' phones on a network where they register (SIP): a phone that drops while its agent takes calls puts the
 * agent in Technical issues (spec §4) and remembers the status to give back when it registers again; an offer the
 * network could not ring, or the phone refused, is missed at once.
 */
export function phoneMoves(core: EngineCore) {
  const { deps, now, move, check, agentTo, route, routeAgent } = core;

  async function isRegistered(repos: Repositories, agentId: number): Promise<boolean> {
    const row = await repos.handle
      .selectFrom('sip_phones')
      .select('registered')
      .where('user_id', '=', agentId)
      .executeTakeFirst();
    return row?.registered === true;
  }

  async function remember(repos: Repositories, agentId: number, registered: boolean, droppedFrom: string | null) {
    await repos.handle
      .insertInto('sip_phones')
      .values({ user_id: agentId, registered, dropped_from: droppedFrom })
      .onConflict((conflict) =>
        conflict.column('user_id').doUpdateSet({ registered, dropped_from: droppedFrom, changed_at: sql`now()` }),
      )
      .execute();
  }

  return {
    /** The status an agent in Technical issues gets back once their phone registers (null: none, or not waiting). */
    async waitingFor(agentId: number): Promise<LiveStatusId | null> {
      const row = await core.read.handle
        .selectFrom('sip_phones')
        .select('dropped_from')
        .where('user_id', '=', agentId)
        .executeTakeFirst();
      return (row?.dropped_from as LiveStatusId | null | undefined) ?? null;
    },

    /**
     * The status an agent's choice becomes: on a network whose phones register, Ready or an outbound status without a
     * registered phone is Technical issues until the phone registers (then the chosen status), so Ready implies a
     * phone that can ring. Runs inside the status change's transaction, the agent's row locked.
     */
    async phoneGate(repos: Repositories, agentId: number, to: LiveStatusId): Promise<LiveStatusId> {
      if (!deps.telephony.phonesRegister || !TAKING_CALLS.includes(to)) return to;
      if (await isRegistered(repos, agentId)) return to;
      await remember(repos, agentId, false, to);
      return 'technical_issues';
    },

    /** The SIP server reports an agent's phone registered or not (register, unregister, closed connection, expiry). */
    async phoneRegistered(agentId: number, registered: boolean): Promise<void> {
      const back = await move(async (repos, outcome) => {
        const open = await repos.states.lockCurrent(agentId);
        const status = statusOf(open);
        const before = await repos.handle
          .selectFrom('sip_phones')
          .select('dropped_from')
          .where('user_id', '=', agentId)
          .executeTakeFirst();
        if (!registered) {
          const dropped = TAKING_CALLS.includes(status);
          await remember(repos, agentId, false, dropped ? status : (before?.dropped_from ?? null));
          if (dropped) outcome.events.state(await repos.states.change(agentId, open, 'technical_issues', now()));
          return null;
        }
        await remember(repos, agentId, true, null);
        const to = before?.dropped_from as LiveStatusId | null | undefined;
        // Only the Technical issues the drop caused gives way: the agent may have chosen another status meanwhile.
        if (!to || status !== 'technical_issues') return null;
        outcome.events.state(await repos.states.change(agentId, open, to, now()));
        return to;
      });
      if (back === 'ready') await routeAgent(agentId);
    },

    /**
     * The offer of `callId` to `agentId` failed at once: the phone could not be reached (the agent goes to Technical
     * issues, not punished with Not ready (automatic)) or refused it (declined: Not ready (automatic), as a missed
     * offer). The call goes to the next free agent or waits. False when that offer is over already.
     */
    async offerFailed(callId: string, agentId: number, cause: 'unreachable' | 'declined'): Promise<boolean> {
      const campaignId = await move(async (repos, outcome) => {
        const call = await repos.calls.lock(callId);
        if (call?.status !== 'offered' || Number(call.agent_id) !== agentId) return null;
        const updated = await repos.calls.update(call.id, {
          status: check(call, 'miss'),
          agent_id: null,
          offered_at: null,
          missed: true,
        });
        outcome.events.call(updated, call.status, agentId);
        if (cause === 'unreachable') {
          const open = await repos.states.lockCurrent(agentId);
          await remember(repos, agentId, false, open?.state === 'ringing' ? 'ready' : null);
        }
        await agentTo(
          repos,
          outcome,
          agentId,
          cause === 'unreachable' ? 'technical_issues' : 'not_ready_automatic',
          call,
        );
        outcome.after.push(() => deps.telephony.release(call.id, 'missed'));
        return call.campaign_id;
      });
      if (campaignId === null) return false;
      await route(campaignId);
      return true;
    },
  };
}
