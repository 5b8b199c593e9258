import type { CallEngine } from '../calls/index.js';
import type { KamailioClient } from './kamailioClient.js';
import type { SipDirectory } from './sipDirectory.js';
import type { SipLegs } from './sipLegs.js';

type Log = { warn: (object: object, message: string) => void };

/**
 * Ends the live calls whose SIP side is gone: a call with a SIP leg, quiet for `quietSeconds`, none of whose Call-IDs
 * Kamailio tracks as a dialog any more (a caller's INVITE is a dialog from its first moment, waiting, ringing or
 * answered), lost its caller without the app hearing it (a lost report, a dialog ended inside Kamailio, a restart).
 * Returns how many calls it ended.
 */
export async function reconcileSipCalls(deps: {
  legs: SipLegs;
  kamailio: KamailioClient;
  directory: SipDirectory;
  engine: CallEngine;
  log: Log;
  quietSeconds: number;
}): Promise<number> {
  const { legs, kamailio, directory, engine, log } = deps;
  const quiet = await legs.quiet(deps.quietSeconds);
  if (quiet.length === 0) return 0;
  const dialogs = await kamailio.listDialogs();
  let ended = 0;
  for (const { callId, sipCallIds } of quiet) {
    if (sipCallIds.some((id) => dialogs.has(id))) continue;
    const call = await directory.callState(callId);
    if (!call) continue;
    log.warn({ callId, sipCallIds, status: call.status }, 'call ended: its SIP side is gone (no dialog in Kamailio)');
    try {
      if (call.status === 'dialling') await engine.calleeUnanswered(callId);
      else await engine.callerLeaves(callId);
      ended += 1;
    } catch (error) {
      // Ended meanwhile by its own report: nothing to reconcile.
      log.warn({ err: error, callId }, 'call not reconciled');
    }
    await legs.forget(callId);
  }
  return ended;
}
