import { io, type Socket } from 'socket.io-client';

/** A Socket.IO client as the browser opens it: WebSocket only, carrying the session cookie. */
export function connectSocket(baseUrl: string, cookie?: string): Socket {
  return io(baseUrl, {
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    ...(cookie ? { extraHeaders: { cookie } } : {}),
  });
}

export function waitForEvent<T>(socket: Socket, event: string, timeoutMs = 5000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no '${event}' within ${timeoutMs} ms`)), timeoutMs);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

export function waitForConnect(socket: Socket): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => reject(error));
  });
}

/**
 * Listens to a live event as the web's socket client does: sent alone (the agent's and campaign rooms), or inside the
 * live room's liveBatch frames.
 */
export function onLiveEvent<T>(socket: Socket, event: string, handler: (payload: T) => void): void {
  socket.on(event, handler);
  socket.on('liveBatch', (frame: { events: { event: string; payload: T }[] }) => {
    for (const entry of frame.events) if (entry.event === event) handler(entry.payload);
  });
}
