import { COMMON_ROOMS, type ForcedLogoutEvent, type RoomListEvent, SOCKET_EVENTS } from '@shiftline/shared';
import { io, type Socket } from 'socket.io-client';

let socket: Socket | null = null;

function disconnect(): void {
  socket?.disconnect();
  socket = null;
}

function emitRooms(event: typeof SOCKET_EVENTS.join | typeof SOCKET_EVENTS.leave, rooms: readonly string[]): void {
  if (socket && rooms.length > 0) {
    const payload: RoomListEvent = { rooms: [...rooms] };
    socket.emit(event, payload);
  }
}

/**
 * The one Socket.IO connection of a signed-in page. WebSocket only: the servers run without sticky
 * sessions, so HTTP long-polling would break behind a load balancer.
 */
export const socketClient = {
  connect(): Socket {
    if (socket) return socket;
    const connection = io({ path: '/socket.io', transports: ['websocket'], withCredentials: true });
    connection.on('connect', () => emitRooms(SOCKET_EVENTS.join, COMMON_ROOMS));
    connection.on(SOCKET_EVENTS.forcedLogout, (event: ForcedLogoutEvent) => {
      disconnect();
      // A full load drops every cached screen of the ended session.
      window.location.assign(event.url);
    });
    socket = connection;
    return connection;
  },
  disconnect,
  join: (rooms: readonly string[]) => emitRooms(SOCKET_EVENTS.join, rooms),
  leave: (rooms: readonly string[]) => emitRooms(SOCKET_EVENTS.leave, rooms),
};
