/*
 * Type-level test, checked by `tsc -p apps/web` (never run): the page's listeners are typed by the shared event
 * map, so listening to an unknown event or reading a payload the event does not carry does not compile.
 */
import { NOTIFICATION_EVENT, SOCKET_EVENTS } from '@shiftline/shared/api/events';
import { socketClient } from '../src/lib/socketClient';

export function socketContract(): void {
  socketClient.on(SOCKET_EVENTS.scheduleChanged, (event) => event.user_ids.includes(1));
  socketClient.on(NOTIFICATION_EVENT, (notification) => notification.title.length);
  // @ts-expect-error an event the contract does not name
  socketClient.on('schedule-change', () => undefined);
  // @ts-expect-error a field of another event's payload
  socketClient.on(SOCKET_EVENTS.scheduleChanged, (event) => event.vacation_id);
}
