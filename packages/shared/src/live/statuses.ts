import type { AgentCallType } from '../api/auth.js';
import { CALL_TAKING_ROLES, type Role } from '../auth/roles.js';
import { AGENT_STATES, type AgentStateId } from '../metrics/productivity.js';

/*
 * The live agent status catalogue (operations spec §3 Status, §4, §7 Status): how each status looks in the top bar
 * and on the live boards, who enters it (the agent from the status menu, or the call engine), and which statuses an
 * agent may move to from each one, sorted by priority. Productivity classification stays in AGENT_STATES; this
 * table adds the live half for the same ids.
 */

/** Who puts an agent into a status: the agent (status menu, set_new_status) or the call engine alone. */
export type StatusEnteredBy = 'agent' | 'engine';

export type StatusDefinition = {
  id: AgentStateId;
  /** Material icon name the top bar draws by the title. */
  icon: string;
  /** The chip and row colour (spec: bgc); dark enough for white text at 4.5:1 (WCAG AA). */
  bgc: string;
  entry: StatusEnteredBy;
  /** Place in the status menu: lower first (spec: transitions sorted by priority). */
  priority: number;
  /** Whether the softphone stays registered in it (spec: sip_register). */
  sipRegister: boolean;
};

const agentChosen = (id: AgentStateId, icon: string, bgc: string, priority: number, sipRegister = false) =>
  ({ id, icon, bgc, entry: 'agent', priority, sipRegister }) as const satisfies StatusDefinition;
const engineEntered = (id: AgentStateId, icon: string, bgc: string) =>
  ({ id, icon, bgc, entry: 'engine', priority: 100, sipRegister: true }) as const satisfies StatusDefinition;

/** Every live status. Ids missing here (pre_shift, post_shift, logout, did_ringing, not_ready_text) are history only. */
export const LIVE_STATUSES = [
  agentChosen('ready', 'phone_in_talk', '#2e7d32', 1, true),
  agentChosen('ready_outbound', 'dialpad', '#1b5e20', 2, true),
  agentChosen('outbound_sales_calls', 'phone_forwarded', '#33691e', 3, true),
  agentChosen('email_tickets', 'mail', '#00695c', 4),
  agentChosen('follow_up_work', 'assignment', '#01579b', 5),
  agentChosen('meeting', 'groups', '#5e35b1', 6),
  agentChosen('training', 'school', '#6d4c41', 7),
  agentChosen('qa_monitoring', 'fact_check', '#546e7a', 8),
  agentChosen('administrative', 'work', '#455a64', 9),
  // Escalation registers the softphone so an agent can take an escalated call (spec §4).
  agentChosen('escalation', 'trending_up', '#8e24aa', 10, true),
  agentChosen('break', 'free_breakfast', '#7a5c00', 11),
  agentChosen('lunch', 'restaurant', '#bf360c', 12),
  agentChosen('not_ready_personal', 'pause_circle', '#ad1457', 13),
  // Technical issues keeps whatever the phone was doing: its sip_register is read from the status before it.
  agentChosen('technical_issues', 'build', '#b71c1c', 14),
  agentChosen('logged_out', 'logout', '#616161', 15),
  engineEntered('ringing', 'ring_volume', '#1565c0'),
  engineEntered('on_call', 'call', '#0d47a1'),
  engineEntered('on_hold', 'phone_paused', '#3949ab'),
  engineEntered('after_call_work', 'edit_note', '#006064'),
  engineEntered('not_ready_automatic', 'phone_missed', '#c62828'),
] as const satisfies readonly StatusDefinition[];

export type LiveStatusId = (typeof LIVE_STATUSES)[number]['id'];

const BY_ID = new Map<string, StatusDefinition>(LIVE_STATUSES.map((status) => [status.id, status]));
const NAMES = new Map<string, string>(AGENT_STATES.map((state) => [state.id, state.name]));

export const isLiveStatus = (value: unknown): value is LiveStatusId => typeof value === 'string' && BY_ID.has(value);

export function liveStatus(id: LiveStatusId): StatusDefinition {
  return BY_ID.get(id) as StatusDefinition;
}

/** The status's title as the top bar and the boards show it (the productivity catalogue's name). */
export const statusTitle = (id: AgentStateId): string => NAMES.get(id) ?? id;

/** Statuses a call holds the agent in: nothing is chosen from them, the call engine moves the agent on. */
export const IN_CALL_STATUSES: readonly LiveStatusId[] = ['ringing', 'on_call', 'on_hold'];

/** The status an agent waits for calls in: inbound and email agents take inbound calls, outbound agents dial. */
export const readyStatusFor = (callType: AgentCallType | null): LiveStatusId =>
  callType === 'outbound' ? 'outbound_sales_calls' : 'ready';

/** Statuses in which the call engine may offer an inbound call. */
export const ROUTABLE_STATUSES: readonly LiveStatusId[] = ['ready'];

/** Only roles that take calls have a status (spec §2.7: the menu shows when the can-have-status flag is set). */
export const canHaveStatus = (role: Role): boolean => CALL_TAKING_ROLES.includes(role);

/** The statuses only outbound agents have (they dial), and the Ready only the others have (they take calls). */
const OUTBOUND_ONLY: readonly LiveStatusId[] = ['ready_outbound', 'outbound_sales_calls'];
const offeredToCallType = (status: LiveStatusId, callType: AgentCallType | null) =>
  callType === 'outbound' ? status !== 'ready' : !OUTBOUND_ONLY.includes(status);

/**
 * Statuses an agent in `from` may choose, sorted by priority (spec §4; the extra ones §3 classifies, such as Break and
 * Lunch, are kept: docs/decisions.md). Nothing during a call (the engine ends it); an outbound agent's ready is the
 * dial-pad ready (Ready (Outbound)) and only they have Outbound Sales Calls, as only they dial.
 */
export function allowedTransitions(from: LiveStatusId, callType: AgentCallType | null): LiveStatusId[] {
  if (IN_CALL_STATUSES.includes(from)) return [];
  return LIVE_STATUSES.filter(
    (status) => status.entry === 'agent' && status.id !== from && offeredToCallType(status.id, callType),
  )
    .sort((a, b) => a.priority - b.priority)
    .map((status) => status.id);
}

/** Why a chosen status is refused, or null when the move is offered. */
export function refusedTransition(
  from: LiveStatusId,
  to: string,
  callType: AgentCallType | null,
): { reason: string } | null {
  if (!isLiveStatus(to)) return { reason: `'${to}' is not a status` };
  if (liveStatus(to).entry === 'engine')
    return { reason: `${statusTitle(to)} is entered by the call engine, not chosen` };
  if (!allowedTransitions(from, callType).includes(to)) {
    return { reason: `${statusTitle(to)} is not offered from ${statusTitle(from)}` };
  }
  return null;
}

/** Technical issues: up to 4 automatic retries, 3 s apart, back to the agent's ready status (spec §4, §9). */
export const TECHNICAL_ISSUE_RETRY_MS = 3000;
export const TECHNICAL_ISSUE_RETRIES = 4;

/**
 * The ready-outbound explanation of §2.7, shown in the top bar while the agent is in Ready (Outbound).
 */
export const READY_OUTBOUND_EXPLANATION =
  'The ready (dial pad) status counts as productive time on another platform. Change to Outbound Sales Calls to make calls; any other status stops productive time.';
