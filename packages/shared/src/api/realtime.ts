import { z } from 'zod';

/** Names of Socket.IO events, server → client and client → server. */
export const SOCKET_EVENTS = {
  forcedLogout: 'forced-logout',
  join: 'join',
  leave: 'leave',
} as const;

export const roomRequestSchema = z.object({ rooms: z.array(z.string().min(1).max(100)).min(1).max(50) });

/** Rooms every signed-in user may join besides their own. */
export const COMMON_ROOMS = ['common'] as const;

export const userRoom = (userId: number) => `user:${userId}`;
export const roleRoom = (role: string) => `role:${role}`;
export const campaignRoom = (campaignId: number) => `campaign:${campaignId}`;

export type ForcedLogoutEvent = { url: string };
export type RoomListEvent = { rooms: string[] };
