import type { InvalidateOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { queryKeys } from './queryKeys';

/**
 * What changed on the server, as a page learns it: from a socket event or from the answer to its own call.
 * Every cache refresh of the app goes through `refreshAfter`, so which views a change stales is written once, here.
 */
export type ServerChange =
  /** schedule-changed naming this user: their own calendar (a decision, a cancellation, a free shift taken). */
  | { kind: 'userSchedule'; userId: number }
  /** schedule-changed or shifts-sent-for-approval heard by the team calendar, or a refused change to it. */
  | { kind: 'teamSchedule' }
  /** The user's own shifts were saved, sent for approval or deleted: their calendars, unsent count and home lists. */
  | { kind: 'ownShifts' }
  /** The team calendar changed shifts (a free shift, a planner, a notice): it and every personal calendar. */
  | { kind: 'teamShifts' }
  /** Shifts approved, canceled or restored (the team calendar is patched in place); `months` when headcounts move. */
  | { kind: 'shiftStatus'; months: boolean }
  /** Days off requested or decided, or a notification acted on: every view of shifts and days off. */
  | { kind: 'daysOff' }
  /** A notification arrived or changed the user's list. */
  | { kind: 'notifications' }
  /** An agent's campaigns were switched: agent lists per campaign, campaign agent counts and the live floor. */
  | { kind: 'agentCampaigns' }
  /** The user's own profile or zone changed: the session holding them. */
  | { kind: 'session' }
  /** Live calls ended or were abandoned (newCallData): the call records and sales the dashboards show. */
  | { kind: 'callsCounted' }
  /** The agent's status moved (newAgentStateData about them, or their own call action): the top bar's status. */
  | { kind: 'agentStatus' }
  /** One call moved (newCallData about it): its call page's data. */
  | { kind: 'call'; callId: number };

type Stales = { [Kind in ServerChange['kind']]: (change: Extract<ServerChange, { kind: Kind }>) => QueryKey[] };

const STALES: Stales = {
  userSchedule: ({ userId }) => [queryKeys.schedule.user(userId)],
  teamSchedule: () => [queryKeys.teamSchedule.all],
  ownShifts: () => [queryKeys.schedule.all],
  teamShifts: () => [queryKeys.teamSchedule.all, queryKeys.schedule.all],
  shiftStatus: ({ months }) => [queryKeys.schedule.all, ...(months ? [queryKeys.teamSchedule.months] : [])],
  daysOff: () => [queryKeys.schedule.all, queryKeys.teamSchedule.all, queryKeys.daysOff.all],
  notifications: () => [queryKeys.notifications.list],
  agentCampaigns: () => [queryKeys.agents.all, queryKeys.campaigns.all, queryKeys.supervision.live],
  session: () => [queryKeys.session],
  callsCounted: () => [queryKeys.dashboards.records, queryKeys.dashboards.salesLeads],
  agentStatus: () => [queryKeys.status.current],
  call: ({ callId }) => [queryKeys.calls.call(callId)],
};

/** The query keys (prefixes) a change makes stale. */
export const staleKeys = <Change extends ServerChange>(change: Change): QueryKey[] =>
  (STALES[change.kind] as (change: Change) => QueryKey[])(change);

/** Marks what the change stales as stale, loading again what is on screen. */
export async function refreshAfter(
  queryClient: QueryClient,
  change: ServerChange,
  options?: InvalidateOptions,
): Promise<void> {
  await Promise.all(staleKeys(change).map((queryKey) => queryClient.invalidateQueries({ queryKey }, options)));
}
