import { z } from 'zod';
import type { VacationStatus } from '../schedule/vacations.js';

/** Names of Socket.IO events, server → client and client → server. */
export const SOCKET_EVENTS = {
  forcedLogout: 'forced-logout',
  join: 'join',
  leave: 'leave',
  /** A days-off request was decided: every supervisor page drops its own dialog for it. */
  vacationDecided: 'vacation-decided',
} as const;

/**
 * Header a page sends with its calls naming its own Socket.IO connection, so an event meant for the page that
 * asked (the vacation approval host's start events) goes to that page only.
 */
export const SOCKET_ID_HEADER = 'x-socket-id';
export const socketIdHeaderSchema = z.object({
  [SOCKET_ID_HEADER]: z
    .string()
    .regex(/^[\w-]{1,64}$/, { error: 'must be a Socket.IO connection id' })
    .optional(),
});

export const roomRequestSchema = z.object({ rooms: z.array(z.string().min(1).max(100)).min(1).max(50) });

/** Rooms every signed-in user may join besides their own. */
export const COMMON_ROOMS = ['common'] as const;

export const userRoom = (userId: number) => `user:${userId}`;
export const roleRoom = (role: string) => `role:${role}`;
export const campaignRoom = (campaignId: number) => `campaign:${campaignId}`;

/**
 * The room a page showing the team calendar asks to join. The server seats the socket in the room of what its
 * user may see there: every shift, approved shifts only, or (client portal) its own company's agents.
 */
export const TEAM_SCHEDULE_ROOM = 'team-schedule';
export const TEAM_SCHEDULE_APPROVED_ROOM = 'team-schedule:approved';
export const companyTeamScheduleRoom = (companyId: number) => `team-schedule:company:${companyId}`;

export type VacationDecidedEvent = { vacation_id: number; status: VacationStatus };
export type ForcedLogoutEvent = { url: string };
export type RoomListEvent = { rooms: string[] };
