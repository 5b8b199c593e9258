import type { VacationStatus } from '../schedule/vacations.js';
import type { Notification } from './notifications.js';

/*
 * The Socket.IO contract: every event name, the rooms, and the payload of each event, in plain constants and
 * types. No zod here, so the signed-in shell imports it without the schema library (the room request's schema
 * is in realtime.ts, for the server).
 */

/** Names of Socket.IO events, server → client and client → server. */
export const SOCKET_EVENTS = {
  forcedLogout: 'forced-logout',
  join: 'join',
  leave: 'leave',
  /** A days-off request was decided: every supervisor page drops its own dialog for it. */
  vacationDecided: 'vacation-decided',
  /** Shifts or days off of some users changed: calendars showing them load again. */
  scheduleChanged: 'schedule-changed',
  /** Draft shifts became pending: pages of those who see pending shifts load again. */
  shiftsSent: 'shifts-sent-for-approval',
  /** An agent's status changed (live boards, the agent's own top bar on other pages). */
  newAgentStateData: 'newAgentStateData',
  /** A live call changed state (queue counters, today's dashboards, the agent's call page). */
  newCallData: 'newCallData',
  /** A queue callback was requested or removed. */
  newCallbackData: 'newCallbackData',
  /**
   * The live room's frame: the three events above, several at once in commit order. A burst of 500 status changes
   * reaches a supervisor's page in a few frames instead of 500 (the web's socket client hands each entry to the
   * listeners of its event, so screens listen to the events themselves); other rooms get the events one by one.
   */
  liveBatch: 'liveBatch',
  /** An agent was enabled or disabled on a campaign: live boards load their snapshot again (who counts where moved). */
  agentCampaignsChanged: 'agent-campaigns-changed',
  /** The agent's next call is a queue callback: the top bar shows a notice (spec §4). */
  queueCallback: 'queue-callback',
  /**
   * Warm transfer (spec §4): someone asks the agent on a call to bring them into it; the agent's top bar asks
   * '{agent} wants to add you to the conference with the client for {campaign}. Do you accept the warm transfer?'.
   */
  warmTransfer: 'warm-transfer',
  /** The agent's call was taken over by a transfer: the agent's softphone hangs its leg up (spec §4). */
  startTransfer: 'start-transfer',
  /** Client → server: the agent declined a warm transfer; relayed to the one who asked, with the decliner's name. */
  declineTransfer: 'decline_transfer',
  /** A campaign's cold-call list changed: its table loads again (at most every 10 s, spec §4, §9). */
  coldCallsRefresh: 'cold-calls-refresh',
  /** A listed client is on a call: the cold-calls table greys that phone and marks the row invalid (spec §4). */
  coldCallBusy: 'cold-call-busy',
} as const;

/** Socket.IO event carrying a new notification to its user's room. */
export const NOTIFICATION_EVENT = 'notification';

/** Socket.IO events the vacation approval host listens to. */
export const VACATION_EVENTS = {
  startAddVacation: 'startAddVacation',
  startApproveVacation: 'startApproveVacation',
  startRejectVacationCancellation: 'startRejectVacationCancellation',
} as const;

/**
 * Header a page sends with its calls naming its own Socket.IO connection, so an event meant for the page that
 * asked (the vacation approval host's start events) goes to that page only.
 */
export const SOCKET_ID_HEADER = 'x-socket-id';

/** Rooms every signed-in user may join besides their own. */
export const COMMON_ROOMS = ['common'] as const;

export const userRoom = (userId: number) => `user:${userId}`;
export const roleRoom = (role: string) => `role:${role}`;
export const campaignRoom = (campaignId: number) => `campaign:${campaignId}`;

/** The room live boards and today's dashboards of the centre's staff ask to join: every status and call change. */
export const LIVE_ROOM = 'live';
/** Where a client-portal page asking for LIVE_ROOM is seated: its own company's calls only. */
export const companyLiveRoom = (companyId: number) => `live:company:${companyId}`;

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
/** Whose shifts or days off changed; `shift_id` (a free shift taken) only where every shift is visible. */
export type ScheduleChangedEvent = { user_ids: number[]; shift_id?: number };
export type ShiftsSentEvent = { user_id: number; name: string; count: number; shift_ids: number[] };
/** startApproveVacation: a pending request a schedule supervisor chose to approve. */
export type ApproveVacationEvent = { vacation_id: number; user_id: number; start: string; end: string; reason: string };
/** startAddVacation: days off a schedule supervisor adds for an agent. */
export type AddVacationEvent = { user_id: number; start: string; end: string; reason: string };
/** startRejectVacationCancellation: an agent's request to cancel approved days off, to be refused. */
export type RejectCancellationEvent = { vacation_id: number; user_id?: number; start?: string; end?: string };

/**
 * Where a live event stands in each campaign's stream: `campaigns` maps a campaign id to the event's number in that
 * campaign's sequence, counted within `epoch`. A board that sees a number skipped, or a new epoch, fetches a snapshot
 * (whose own stamp says which numbers it already holds).
 */
export type LiveSequenceStamp = { epoch: string; campaigns: Record<string, number> };

/** newAgentStateData: one agent's status, as the agent state report's row shows it (spec §3 agent state record). */
export type AgentStateEvent = {
  user_id: number;
  name: string;
  status: string;
  title: string;
  bgc: string;
  status_started_at: string;
  old_status: string | null;
  /** The campaign of the call that holds the agent, if any. */
  campaign_id: number | null;
  agent_campaigns: number[];
  agent_call_type: string | null;
  call_id: number | null;
  /** The call's client (name, else phone), stats source and direction, when the state is about a call. */
  customer: string | null;
  /** The customer's phone and lead, as the agent state report's row holds them (AgentStateRow). */
  customer_phone: string | null;
  cold_call_id: number | null;
  source: string | null;
  call_type: string | null;
  /** Numbered in the stream of each of agent_campaigns. */
  seq: LiveSequenceStamp;
};
/** newCallData: a live call moved (the call page fetches the full call data when it needs it). */
export type CallChangedEvent = {
  call_id: number;
  campaign_id: number;
  direction: 'inbound' | 'outbound';
  status: string;
  old_status: string | null;
  agent_id: number | null;
  /**
   * The agent who had the call before this move, when the move took it from them (an offer that rang out or failed,
   * a transfer's target who did not answer); else null. The event reaches that agent too, so their page hears it.
   */
  old_agent_id: number | null;
  queued_at: string;
  answered_at: string | null;
  ended_at: string | null;
  missed: boolean;
  /** The call is a queue callback (the caller asked to be called back). */
  callback: boolean;
  /** Numbered in its campaign's stream. */
  seq: LiveSequenceStamp;
};
/** agent-campaigns-changed: the campaigns `user_id` is now enabled on. */
export type AgentCampaignsChangedEvent = { user_id: number; campaigns: number[] };
/** liveBatch: live events for the live room, in commit order. */
export type LiveBatchEvent = {
  events: (
    | { event: typeof SOCKET_EVENTS.newAgentStateData; payload: AgentStateEvent }
    | { event: typeof SOCKET_EVENTS.newCallData; payload: CallChangedEvent }
    | { event: typeof SOCKET_EVENTS.newCallbackData; payload: CallbackChangedEvent }
  )[];
};
/** newCallbackData: a queue callback was requested (`deleted: false`) or removed. */
export type CallbackChangedEvent = { call_id: number; campaign_id: number; deleted: boolean; seq: LiveSequenceStamp };
/** queue-callback: the agent's next call is a callback; `url` is its call page. */
export type QueueCallbackEvent = { url: string; is_voice_mail: boolean };

/**
 * warm-transfer, by `mode`:
 * - 'ask' (or absent): `agent` (long name) asks to join the call `call_id` of `campaign`, which this agent is on;
 *   accepting transfers the call to WARM_TRANSFER_PREFIX + `extension` (the asker's extension).
 * - 'invite': `agent`, on the call `call_id`, asks this agent to join it; accepting (warm_transfer/accept) has the
 *   inviting agent's phone transfer the call to WARM_TRANSFER_PREFIX + `extension` (this agent's).
 * - 'accepted': the agent invited accepted: this agent's phone transfers the call to WARM_TRANSFER_PREFIX + `extension`.
 */
export type WarmTransferEvent = {
  agent: string;
  campaign: string;
  call_id: number;
  extension: string;
  mode?: 'ask' | 'invite' | 'accepted';
};
/** start-transfer: the call moved to another agent; this agent's leg of `call_id` hangs up. */
export type StartTransferEvent = { call_id: number };
/** decline_transfer: sent by the agent who declined (`name`: their long name); relayed to the asker as is. */
export type DeclineTransferEvent = { call_id: number; name: string };
/** The dial prefix of a warm transfer's target (spec §4: 'transfers the call to the extension with a fixed prefix'). */
export const WARM_TRANSFER_PREFIX = '*7';

/** cold-calls-refresh: the cold-call list of `campaign_id` changed. */
export type ColdCallsRefreshEvent = { campaign_id: number };
/** cold-call-busy: `client_id` (phone `phone`) is on a live call. */
export type ColdCallBusyEvent = { campaign_id: number; client_id: number; phone: string };

/** Every event the server pushes, by name, with its payload. */
export type ServerEventPayloads = {
  [SOCKET_EVENTS.forcedLogout]: ForcedLogoutEvent;
  [SOCKET_EVENTS.join]: RoomListEvent;
  [SOCKET_EVENTS.leave]: RoomListEvent;
  [SOCKET_EVENTS.vacationDecided]: VacationDecidedEvent;
  [SOCKET_EVENTS.scheduleChanged]: ScheduleChangedEvent;
  [SOCKET_EVENTS.shiftsSent]: ShiftsSentEvent;
  [NOTIFICATION_EVENT]: Notification;
  [SOCKET_EVENTS.newAgentStateData]: AgentStateEvent;
  [SOCKET_EVENTS.newCallData]: CallChangedEvent;
  [SOCKET_EVENTS.newCallbackData]: CallbackChangedEvent;
  [SOCKET_EVENTS.liveBatch]: LiveBatchEvent;
  [SOCKET_EVENTS.agentCampaignsChanged]: AgentCampaignsChangedEvent;
  [SOCKET_EVENTS.queueCallback]: QueueCallbackEvent;
  [SOCKET_EVENTS.warmTransfer]: WarmTransferEvent;
  [SOCKET_EVENTS.startTransfer]: StartTransferEvent;
  [SOCKET_EVENTS.declineTransfer]: DeclineTransferEvent;
  [SOCKET_EVENTS.coldCallsRefresh]: ColdCallsRefreshEvent;
  [SOCKET_EVENTS.coldCallBusy]: ColdCallBusyEvent;
  [VACATION_EVENTS.startApproveVacation]: ApproveVacationEvent;
  [VACATION_EVENTS.startAddVacation]: AddVacationEvent;
  [VACATION_EVENTS.startRejectVacationCancellation]: RejectCancellationEvent;
};
export type ServerEvent = keyof ServerEventPayloads;

/** Every event a page sends, by name, with its payload. */
export type ClientEventPayloads = {
  [SOCKET_EVENTS.join]: RoomListEvent;
  [SOCKET_EVENTS.leave]: RoomListEvent;
  [SOCKET_EVENTS.declineTransfer]: DeclineTransferEvent;
};

type Listeners<Payloads> = { [Event in keyof Payloads]: (payload: Payloads[Event]) => void };
/** Socket.IO's event maps: `Server<ClientToServerEvents, ServerToClientEvents>`, `Socket<ServerToClientEvents, ClientToServerEvents>`. */
export type ServerToClientEvents = Listeners<ServerEventPayloads>;
export type ClientToServerEvents = Listeners<ClientEventPayloads>;
