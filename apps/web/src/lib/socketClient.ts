import { COMMON_ROOMS, type ForcedLogoutEvent, type RoomListEvent, SOCKET_EVENTS } from '@shiftline/shared';
import type { Socket } from 'socket.io-client';
import { leavePage } from './leavePage';

let socket: Socket | null = null;
// Bumped by disconnect(), so a connection still loading when the page signs out is dropped.
let generation = 0;

function disconnect(): void {
  generation += 1;
  socket?.disconnect();
  socket = null;
}

function emitRooms(event: typeof SOCKET_EVENTS.join | typeof SOCKET_EVENTS.leave, rooms: readonly string[]): void {
  if (socket && rooms.length > 0) {
    const payload: RoomListEvent = { rooms: [...rooms] };
    socket.emit(event, payload);
  }
}

async function connect(): Promise<void> {
  if (socket) return;
  const started = generation;
  // Loaded after the page shows: the client library is not needed to draw the first screen.
  const { io } = await import('socket.io-client');
  if (socket || started !== generation) return;
  // WebSocket only: the servers run without sticky sessions, so HTTP long-polling would break.
  const connection = io({ path: '/socket.io', transports: ['websocket'], withCredentials: true });
  connection.on('connect', () => emitRooms(SOCKET_EVENTS.join, COMMON_ROOMS));
  connection.on(SOCKET_EVENTS.forcedLogout, (event: ForcedLogoutEvent) => {
    disconnect();
    leavePage(event.url);
  });
  socket = connection;
}

/** The one Socket.IO connection of a signed-in page. */
export const socketClient = {
  connect,
  disconnect,
  join: (rooms: readonly string[]) => emitRooms(SOCKET_EVENTS.join, rooms),
  leave: (rooms: readonly string[]) => emitRooms(SOCKET_EVENTS.leave, rooms),
};
