import { setTimeout as delay } from 'node:timers/promises';
import {
  type ClientToServerEvents,
  type RoomListEvent,
  roomRequestSchema,
  type ServerToClientEvents,
  SOCKET_EVENTS,
} from '@shiftline/shared';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import type { SessionsService } from '../features/auth/index.js';
import {
  createLiveSequence,
  createRealtime,
  joinableRooms,
  type Realtime,
  type RealtimeServer,
} from '../features/realtime/index.js';
import { roomsOf, type UsersRepository } from '../features/users/index.js';
import { SESSION_COOKIE } from './access.js';
import { connectedWithin, createFailFastRedis, reportOutages } from './redisClients.js';
import { isAllowedSocketOrigin } from './socketOrigin.js';

declare module 'fastify' {
  interface FastifyInstance {
    io: RealtimeServer;
    realtime: Realtime;
  }
}

/** `joinable`: the rooms the socket may join, by the name a page asks for (see `joinableRooms`). */
type SocketData = { userId: number; joinable: Map<string, string> };

/**
 * Socket.IO on the app's own HTTP server, authenticated by the session cookie. WebSocket only, so
 * several processes behind a load balancer need no sticky sessions; Redis carries events between them.
 */
export const socketPlugin = fp(
  async (
    app: FastifyInstance,
    options: {
      sessions: SessionsService;
      users: UsersRepository;
      redisUrl: string | null;
      /** What this deployment's Redis channels and keys start with (REDIS_KEY_PREFIX). */
      redisKeyPrefix: string;
      allowedOrigins: readonly string[];
    },
  ) => {
    const io: RealtimeServer = new Server<ClientToServerEvents, ServerToClientEvents>(app.server, {
      transports: ['websocket'],
      serveClient: false,
      allowRequest: (request, callback) => callback(null, isAllowedSocketOrigin(request, options.allowedOrigins)),
    });
    const redisClients: Redis[] = [];
    let publisher: Redis | null = null;
    if (options.redisUrl) {
      // While Redis is down, events still reach this process's sockets; publishing to the others fails at once
      // (no queue of stale events replayed later), and the subscriber resubscribes when Redis returns.
      const pub = createFailFastRedis(options.redisUrl, app.log, 'Socket.IO events (publish)');
      const sub = new Redis(options.redisUrl, {
        maxRetriesPerRequest: null,
        retryStrategy: (n) => Math.min(n * 100, 2000),
      });
      reportOutages(sub, app.log, 'Socket.IO events (subscribe)');
      // The adapter subscribes without awaiting either: with Redis down its (p)subscribe waits in the offline queue,
      // and closing the app then rejects it ('Connection is closed'), which must not become an unhandled rejection.
      for (const name of ['subscribe', 'psubscribe'] as const) {
        const command = sub[name].bind(sub) as (...args: unknown[]) => Promise<unknown>;
        sub[name] = ((...args: unknown[]) => command(...args).catch(() => 0)) as (typeof sub)[typeof name];
      }
      // The adapter publishes without awaiting: a failed publish must not become an unhandled rejection.
      const publish = pub.publish.bind(pub) as (channel: string, message: string | Buffer) => Promise<number>;
      pub.publish = ((channel: string, message: string | Buffer) =>
        publish(channel, message).catch(() => 0)) as typeof pub.publish;
      redisClients.push(pub, sub);
      publisher = pub;
      io.adapter(createAdapter(pub, sub, { key: `${options.redisKeyPrefix}:socket.io` }));
      await connectedWithin(pub, 1000);
    }

    io.use(async (socket, next) => {
      try {
        const cookies = app.parseCookie(socket.handshake.headers.cookie ?? '');
        const raw = cookies[SESSION_COOKIE];
        const unsigned = raw ? app.unsignCookie(raw) : null;
        const active = unsigned?.valid && unsigned.value ? await options.sessions.resolve(unsigned.value) : null;
        if (!active) {
          next(new Error('not_signed_in'));
          return;
        }
        // After an administrator's password reset the session hears nothing until the password has changed.
        if (active.user.must_change_password) {
          next(new Error('password_change_required'));
          return;
        }
        const rooms = await roomsOf(options.users, active.user);
        const joinable = joinableRooms(active.user);
        for (const room of rooms) joinable.set(room, room);
        const data: SocketData = { userId: active.user.id, joinable };
        socket.data = data;
        await socket.join(rooms);
        next();
      } catch (error) {
        next(error as Error);
      }
    });

    io.on('connection', (socket: Socket<ClientToServerEvents, ServerToClientEvents>) => {
      const data = socket.data as SocketData;
      const currentRooms = (): RoomListEvent => ({ rooms: [...socket.rooms].filter((room) => room !== socket.id) });

      socket.on(SOCKET_EVENTS.join, async (payload: unknown) => {
        const request = roomRequestSchema.safeParse(payload);
        if (!request.success) return;
        const granted = request.data.rooms.flatMap((room) => data.joinable.get(room) ?? []);
        await socket.join(granted);
        socket.emit(SOCKET_EVENTS.join, currentRooms());
      });

      socket.on(SOCKET_EVENTS.leave, async (payload: unknown) => {
        const request = roomRequestSchema.safeParse(payload);
        if (!request.success) return;
        for (const room of request.data.rooms) await socket.leave(data.joinable.get(room) ?? room);
        socket.emit(SOCKET_EVENTS.leave, currentRooms());
      });
    });

    app.decorate('io', io);
    app.decorate(
      'realtime',
      createRealtime(io, {
        companiesOf: options.users.companiesOf,
        log: app.log,
        sequence: createLiveSequence(publisher, options.redisKeyPrefix),
      }),
    );
    // Open WebSockets would keep the HTTP server from closing, so they go first.
    app.addHook('preClose', async () => {
      io.disconnectSockets(true);
      io.engine.close();
    });
    app.addHook('onClose', async () => {
      // quit() waits for Redis to answer: with Redis down it would hold the close forever, so it gets a second.
      await Promise.all(
        redisClients.map(async (client) => {
          const quit = client.quit().catch(() => undefined);
          const gaveUp = await Promise.race([quit.then(() => false), delay(1000).then(() => true)]);
          if (gaveUp) client.disconnect();
        }),
      );
    });
  },
);
