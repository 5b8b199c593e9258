/*
 * Type-level test, checked by `tsc -p apps/server` (never run): the server's event push is typed by the shared
 * event map, so an unknown event or a wrong payload does not compile. Each @ts-expect-error fails the typecheck
 * when the line below it compiles.
 */
import { NOTIFICATION_EVENT, SOCKET_EVENTS, userRoom, VACATION_EVENTS } from '@shiftline/shared';
import type { Realtime, RealtimeServer } from '../src/features/realtime/realtime.js';

export function realtimeContract(realtime: Realtime, io: RealtimeServer): void {
  realtime.toRoom(userRoom(1), SOCKET_EVENTS.vacationDecided, { vacation_id: 1, status: 'vac_approved' });
  // @ts-expect-error an event the contract does not name
  realtime.toRoom(userRoom(1), 'vacation-approved', { vacation_id: 1, status: 'vac_approved' });
  // @ts-expect-error a payload of another event
  realtime.toRoom(userRoom(1), SOCKET_EVENTS.scheduleChanged, { vacation_id: 1, status: 'vac_approved' });
  // @ts-expect-error a status no vacation has
  realtime.toRoom(userRoom(1), SOCKET_EVENTS.vacationDecided, { vacation_id: 1, status: 'approved' });

  void realtime.toOneSession(1, undefined, VACATION_EVENTS.startAddVacation, {
    user_id: 1,
    start: '2026-11-24T00:00:00.000Z',
    end: '2026-11-25T00:00:00.000Z',
    reason: 'vacation',
  });
  // @ts-expect-error the added days off need their owner and period
  void realtime.toOneSession(1, undefined, VACATION_EVENTS.startAddVacation, { vacation_id: 1 });
  // @ts-expect-error an event the contract does not name
  void realtime.toOneSession(1, undefined, 'startDeleteVacation', { vacation_id: 1 });

  // @ts-expect-error details carry no other field than the taken free shift
  realtime.scheduleChanged([1], { vacation_id: 2 });

  io.to(userRoom(1)).emit(SOCKET_EVENTS.forcedLogout, { url: '/login' });
  // @ts-expect-error an event the contract does not name
  io.to(userRoom(1)).emit('logout', { url: '/login' });
  // @ts-expect-error a notification is a whole notification
  io.to(userRoom(1)).emit(NOTIFICATION_EVENT, { id: 1 });
}
