import {
  allowedTransitions,
  type CurrentStatusInfo,
  type LiveStatusId,
  liveStatus,
  type StatusTransition,
  statusTitle,
} from '@shiftline/shared';

/** A transition as the server offers it, from shared's catalogue. */
export function transition(name: LiveStatusId): StatusTransition {
  const status = liveStatus(name);
  return { name, title: statusTitle(name), icon: status.icon, bgc: status.bgc, priority: status.priority };
}

/** The status info the server answers for an agent in `name` since `since`, with the catalogue's transitions. */
export function statusInfo(
  name: LiveStatusId,
  {
    since = '2026-01-15T14:00:00.000Z',
    callId = null,
    callType = 'inbound',
  }: { since?: string; callId?: number | null; callType?: 'inbound' | 'outbound' } = {},
): CurrentStatusInfo {
  const status = liveStatus(name);
  return {
    status: {
      name,
      title: statusTitle(name),
      icon: status.icon,
      bgc: status.bgc,
      timer: 0,
      status_start_at: since,
      sip_register: status.sipRegister,
    },
    status_transitions: allowedTransitions(name, callType).map(transition),
    call_id: callId,
  };
}
