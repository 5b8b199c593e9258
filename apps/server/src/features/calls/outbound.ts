import { campaignRoom, LIVE_ROOM, SOCKET_EVENTS } from '@shiftline/shared';
import type { Realtime } from '../realtime/index.js';
import type { CallRow } from './calls.repository.js';

/**
 * What an outbound call's move tells the cold-calls tables, after the commit: the campaign's list changed (the
 * table loads again, throttled in the browser), and on dialling that the client is busy (their phone greys at once).
 * Sent to the campaign's room (its agents) and the live room (supervisors watching).
 */
export function announceColdCalls(realtime: Realtime, call: CallRow, busyPhone: string | null = null) {
  const rooms = [campaignRoom(call.campaign_id), LIVE_ROOM];
  if (busyPhone !== null && call.client_id !== null) {
    realtime.toRoom(rooms, SOCKET_EVENTS.coldCallBusy, {
      campaign_id: call.campaign_id,
      client_id: call.client_id,
      phone: busyPhone,
    });
  }
  realtime.toRoom(rooms, SOCKET_EVENTS.coldCallsRefresh, { campaign_id: call.campaign_id });
}
