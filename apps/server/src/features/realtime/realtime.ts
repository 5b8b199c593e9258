import { type Role, SEES_UNAPPROVED_SHIFTS, type VacationStatus } from '@shiftline/shared';
import {
  type ClientToServerEvents,
  COMMON_ROOMS,
  companyLiveRoom,
  companyTeamScheduleRoom,
  LIVE_ROOM,
  roleRoom,
  type ScheduleChangedEvent,
  type ServerEvent,
  type ServerEventPayloads,
  type ServerToClientEvents,
  type ShiftsSentEvent,
  SOCKET_EVENTS,
  TEAM_SCHEDULE_APPROVED_ROOM,
  TEAM_SCHEDULE_ROOM,
  userRoom,
} from '@shiftline/shared/api/events';
import type { FastifyBaseLogger } from 'fastify';
import type { Server } from 'socket.io';
import type { LiveSequence } from './liveSequence.js';

/** Events that tell open calendars their data changed (names the web listens to). */
export const SCHEDULE_CHANGED_EVENT = SOCKET_EVENTS.scheduleChanged;
export const SHIFTS_SENT_EVENT = SOCKET_EVENTS.shiftsSent;

/** Socket.IO typed by the shared event map: an unknown event or a wrong payload does not compile. */
export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents>;

/** Every socket that shows every shift of the team: schedule supervisors anywhere, the other staff on the calendar. */
const SUPERVISING_ROOMS = [roleRoom('schedule_supervisor'), TEAM_SCHEDULE_ROOM];

/** The only characters Socket.IO puts in a socket id; anything else a client sends is ignored. */
const SOCKET_ID = /^[\w-]{1,64}$/;

type CompaniesOf = (userIds: readonly number[]) => Promise<{ user_id: number; company_id: number }[]>;

/**
 * The rooms a socket may ask to join, by the name it asks for. A page on the team calendar asks for
 * TEAM_SCHEDULE_ROOM and is seated where its user's view of the calendar is announced.
 */
export function joinableRooms(user: { role: Role; company_id: number | null }): Map<string, string> {
  const rooms = new Map<string, string>(COMMON_ROOMS.map((room) => [room, room]));
  const teamRoom =
    user.role === 'company_supervisor'
      ? companyTeamScheduleRoom(user.company_id ?? -1)
      : SEES_UNAPPROVED_SHIFTS.includes(user.role)
        ? TEAM_SCHEDULE_ROOM
        : TEAM_SCHEDULE_APPROVED_ROOM;
  rooms.set(TEAM_SCHEDULE_ROOM, teamRoom);
  // Live boards and today's dashboards: the centre's staff hear every call and status; a client portal its own
  // company's calls; an agent hears their campaigns' calls in their campaign rooms already.
  if (user.role === 'company_supervisor') rooms.set(LIVE_ROOM, companyLiveRoom(user.company_id ?? -1));
  else if (user.role !== 'agent') rooms.set(LIVE_ROOM, LIVE_ROOM);
  return rooms;
}

/**
 * What features use to push events. With the Redis adapter the rooms span every app process,
 * so an event emitted here reaches sockets connected to any of them. One emit to several rooms
 * reaches a socket in more than one of them once.
 */
export type Realtime = {
  toRoom: <Event extends ServerEvent>(
    rooms: string | readonly string[],
    event: Event,
    payload: ServerEventPayloads[Event],
    /** Sockets in these rooms do not get it (they hear it another way). */
    except?: readonly string[],
  ) => void;
  /**
   * Sends to one open page of the user: the socket `socketId` when it is theirs, otherwise any one of
   * theirs. False when the user has no page open.
   */
  toOneSession: <Event extends ServerEvent>(
    userId: number,
    socketId: string | undefined,
    event: Event,
    payload: ServerEventPayloads[Event],
  ) => Promise<boolean>;
  /**
   * Shifts or days off of these users changed: tells every calendar that shows them, once per page. `details`
   * go only where every shift is visible (supervising pages and the owners' own).
   */
  scheduleChanged: (userIds: readonly number[], details?: Omit<ScheduleChangedEvent, 'user_ids'>) => void;
  /** Draft shifts became pending: only those who see pending shifts need to know. */
  shiftsSent: (payload: ShiftsSentEvent) => void;
  /** A days-off request was decided: supervisors' other pages close their dialogs for it. */
  vacationDecided: (vacationId: number, status: VacationStatus) => void;
  /** Tells every open page of the user to leave, then closes their sockets. */
  forceLogout: (userId: number, url: string) => Promise<void>;
  /** The live events' per-campaign numbering (every app process shares it through Redis). */
  sequence: LiveSequence;
};

/**
 * Socket.IO's emit takes its event map's listeners' parameters; for an event known only as a type parameter it
 * cannot tell them, so the payload is passed through this one signature (its callers are checked by the map).
 */
type Emit = <Event extends ServerEvent>(event: Event, payload: ServerEventPayloads[Event]) => boolean;

export function createRealtime(
  io: RealtimeServer,
  deps: { companiesOf: CompaniesOf; log: Pick<FastifyBaseLogger, 'warn'>; sequence: LiveSequence },
): Realtime {
  const toRoom: Realtime['toRoom'] = (rooms, event, payload, except = []) => {
    const chosen = io.to(typeof rooms === 'string' ? rooms : [...rooms]);
    const target = except.length > 0 ? chosen.except([...except]) : chosen;
    (target.emit as Emit).call(target, event, payload);
  };

  return {
    toRoom,
    sequence: deps.sequence,

    async toOneSession(userId, socketId, event, payload) {
      // With Redis down the other processes cannot be asked: this process's own pages still can.
      const sockets = await io
        .in(userRoom(userId))
        .fetchSockets()
        .catch(() => io.local.in(userRoom(userId)).fetchSockets());
      const asked = socketId !== undefined && SOCKET_ID.test(socketId) ? sockets.find((s) => s.id === socketId) : null;
      const chosen = asked ?? sockets[0];
      if (!chosen) return false;
      (chosen.emit as Emit).call(chosen, event, payload);
      return true;
    },

    scheduleChanged(userIds, details = {}) {
      const owners = [...new Set(userIds)];
      if (owners.length === 0) return;
      toRoom(SUPERVISING_ROOMS, SCHEDULE_CHANGED_EVENT, { user_ids: owners, ...details });
      toRoom(TEAM_SCHEDULE_APPROVED_ROOM, SCHEDULE_CHANGED_EVENT, { user_ids: owners });
      // The owners' own calendars, unless the page already heard it as a team calendar above.
      for (const owner of owners) {
        io.to(userRoom(owner))
          .except([...SUPERVISING_ROOMS, TEAM_SCHEDULE_APPROVED_ROOM])
          .emit(SCHEDULE_CHANGED_EVENT, { user_ids: [owner], ...details });
      }
      // A client portal hears only of its own company's agents.
      void deps
        .companiesOf(owners)
        .then((rows) => {
          const byCompany = new Map<number, number[]>();
          for (const { user_id, company_id } of rows) {
            byCompany.set(company_id, [...(byCompany.get(company_id) ?? []), user_id]);
          }
          for (const [companyId, ids] of byCompany) {
            toRoom(companyTeamScheduleRoom(companyId), SCHEDULE_CHANGED_EVENT, { user_ids: ids });
          }
        })
        .catch((error: unknown) => deps.log.warn({ err: error }, 'schedule-changed not sent to client portals'));
    },

    shiftsSent: (payload) => toRoom(SUPERVISING_ROOMS, SHIFTS_SENT_EVENT, payload),

    vacationDecided: (vacationId, status) =>
      toRoom(roleRoom('schedule_supervisor'), SOCKET_EVENTS.vacationDecided, { vacation_id: vacationId, status }),

    forceLogout: async (userId, url) => {
      io.to(userRoom(userId)).emit(SOCKET_EVENTS.forcedLogout, { url });
      // Give the event a moment to leave before the sockets close.
      await new Promise((resolve) => setTimeout(resolve, 50));
      io.in(userRoom(userId)).disconnectSockets(true);
    },
  };
}
