import { type ForcedLogoutEvent, SOCKET_EVENTS, userRoom } from '@shiftline/shared';
import type { Server } from 'socket.io';

/**
 * What features use to push events. With the Redis adapter the rooms span every app process,
 * so an event emitted here reaches sockets connected to any of them.
 */
export type Realtime = {
  toRoom: (room: string, event: string, payload: unknown) => void;
  /** Tells every open page of the user to leave, then closes their sockets. */
  forceLogout: (userId: number, url: string) => Promise<void>;
};

export function createRealtime(io: Server): Realtime {
  return {
    toRoom: (room, event, payload) => {
      io.to(room).emit(event, payload);
    },
    forceLogout: async (userId, url) => {
      const payload: ForcedLogoutEvent = { url };
      io.to(userRoom(userId)).emit(SOCKET_EVENTS.forcedLogout, payload);
      // Give the event a moment to leave before the sockets close.
      await new Promise((resolve) => setTimeout(resolve, 50));
      io.in(userRoom(userId)).disconnectSockets(true);
    },
  };
}
