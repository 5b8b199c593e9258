import {
  type ClientEventPayloads,
  type ClientToServerEvents,
  COMMON_ROOMS,
  type ServerEvent,
  type ServerEventPayloads,
  type ServerToClientEvents,
  SOCKET_EVENTS,
  SOCKET_ID_HEADER,
} from '@shiftline/shared/api/events';
import type { Socket } from 'socket.io-client';
import { http } from './http';
import { leavePage } from './leavePage';

type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
let socket: AppSocket | null = null;
// Bumped by disconnect(), so a connection still loading when the page signs out is dropped.
let generation = 0;

// Socket.IO's on/off take its event map's listeners; for an event known only as a type parameter they cannot tell
// which, so listeners are kept in this one shape (`on` below checks each against the map).
type Listener = (payload: never) => void;
type ListenerSocket = { on: (event: ServerEvent, handler: Listener) => void; off: ListenerSocket['on'] };
// Screens' listeners: kept across connections, so one added before the socket opens still hears its events.
const listeners = new Set<{ event: ServerEvent; handler: Listener }>();
const listening = (connection: AppSocket | null) => connection as ListenerSocket | null;
// Rooms screens asked for, with how many screens want each: joined again whenever the socket (re)connects.
const wantedRooms = new Map<string, number>();

function disconnect(): void {
  generation += 1;
  socket?.disconnect();
  socket = null;
  http.setLiveConnection({});
}

function emitRooms(event: typeof SOCKET_EVENTS.join | typeof SOCKET_EVENTS.leave, rooms: readonly string[]): void {
  if (socket && rooms.length > 0) {
    socket.emit(event, { rooms: [...rooms] });
  }
}

async function connect(): Promise<void> {
  if (socket) return;
  const started = generation;
  // Loaded after the page shows: the client library is not needed to draw the first screen.
  const { io } = await import('socket.io-client');
  if (socket || started !== generation) return;
  // WebSocket only: the servers run without sticky sessions, so HTTP long-polling would break.
  const connection: AppSocket = io({
    path: '/socket.io',
    transports: ['websocket'],
    withCredentials: true,
  });
  connection.on('connect', () => {
    // Calls from this page name its connection, so the events they start come back to this page only.
    http.setLiveConnection(connection.id ? { [SOCKET_ID_HEADER]: connection.id } : {});
    emitRooms(SOCKET_EVENTS.join, [...COMMON_ROOMS, ...wantedRooms.keys()]);
  });
  connection.on('disconnect', () => http.setLiveConnection({}));
  connection.on(SOCKET_EVENTS.forcedLogout, (event) => {
    disconnect();
    leavePage(event.url);
  });
  // The live room's frames carry several live events: each goes to the listeners of its own event.
  connection.on(SOCKET_EVENTS.liveBatch, (batch) => {
    for (const entry of batch.events) {
      for (const { event, handler } of listeners) if (event === entry.event) handler(entry.payload as never);
    }
  });
  for (const { event, handler } of listeners) listening(connection)?.on(event, handler);
  socket = connection;
}

/** Listens to a server event on the page's one connection (now or once it opens); returns the way to stop. */
function on<Event extends ServerEvent>(
  event: Event,
  handler: (payload: ServerEventPayloads[Event]) => void,
): () => void {
  const entry = { event, handler: handler as Listener };
  listeners.add(entry);
  listening(socket)?.on(event, entry.handler);
  return () => {
    listeners.delete(entry);
    listening(socket)?.off(event, entry.handler);
  };
}

/**
 * Keeps the page in a room while a screen needs it (across reconnections); returns the way to stop. The
 * room is left when the last screen that asked for it stops.
 */
function stayIn(room: string): () => void {
  const count = wantedRooms.get(room) ?? 0;
  wantedRooms.set(room, count + 1);
  if (count === 0 && socket?.connected) emitRooms(SOCKET_EVENTS.join, [room]);
  let stopped = false;
  return () => {
    if (stopped) return;
    stopped = true;
    const left = (wantedRooms.get(room) ?? 1) - 1;
    if (left > 0) {
      wantedRooms.set(room, left);
      return;
    }
    wantedRooms.delete(room);
    if (socket?.connected) emitRooms(SOCKET_EVENTS.leave, [room]);
  };
}

/**
 * Sends an event to the server over the page's connection (Socket.IO holds it while reconnecting); false when the
 * page has no connection at all.
 */
function emit<Event extends keyof ClientEventPayloads>(event: Event, payload: ClientEventPayloads[Event]): boolean {
  if (!socket) return false;
  (socket.emit as (name: Event, body: ClientEventPayloads[Event]) => void)(event, payload);
  return true;
}

/** The one Socket.IO connection of a signed-in page. */
export const socketClient = {
  connect,
  disconnect,
  emit,
  on,
  stayIn,
};
