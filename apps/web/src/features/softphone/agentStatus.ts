import { type AgentCallType, readyStatusFor } from '@shiftline/shared';
import type { SoftphoneServer } from './api';

/*
 * What the softphone's problems do to the agent's status on the server (spec §4): a technical issue moves the agent
 * to Technical issues; recovering from it, or a call ended in emergency mode, back to ready (Outbound Sales Calls
 * for outbound agents). Refusals are swallowed: the phone's own state already tells the agent.
 */

type Reporter = {
  server: Pick<SoftphoneServer, 'endCall' | 'setStatus'>;
  callType: AgentCallType | null;
  /** The call or the status changed on the server: screens load them again. */
  changed: (callId: number | null) => void;
};

export function reportTechnicalIssue({ server, changed }: Reporter): void {
  void server
    .setStatus({ status_name: 'technical_issues' })
    .then(() => changed(null))
    .catch(() => undefined);
}

export function reportBackToReady({ server, callType, changed }: Reporter): void {
  void server
    .setStatus({ status_name: readyStatusFor(callType) })
    .then(() => changed(null))
    .catch(() => undefined);
}

/** Emergency end of a failed call: hung up on the server (agent disconnected), then the form closed into ready. */
export function reportEmergencyEnd({ server, callType, changed }: Reporter, callId: number | null): void {
  const end =
    callId === null
      ? Promise.resolve()
      : server.endCall(callId, { agent_disconnected: true }).then(
          () => undefined,
          () => undefined,
        );
  void end
    .then(() => server.setStatus({ status_name: readyStatusFor(callType), call_id: callId }))
    .catch(() => undefined)
    .finally(() => changed(callId));
}
