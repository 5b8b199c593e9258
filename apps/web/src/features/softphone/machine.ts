import { ANSWER_DELAY_MS, PICKUP_ANSWER_DELAY_MS, type Role } from '@shiftline/shared';

/*
 * The softphone's state machine (operations spec §4 softphone states), pure: no JsSIP, no timers, no server. The
 * JsSIP wiring turns what the phone hears into events; the controller runs the effects the new state asks for.
 */

export const PHONE_STATES = [
  'unregistered',
  'registered',
  'incoming',
  'outgoing',
  'in_progress',
  'on_hold',
  'muted',
  'ended',
  'fail',
  'technical_issue',
  'paused',
] as const;
export type PhoneState = (typeof PHONE_STATES)[number];

/** Why the phone is in technical issue or fail: what the top bar says. */
export type PhoneProblem =
  | 'microphone'
  | 'registration_failed'
  | 'registration_expiring'
  | 'transport'
  | 'call_data'
  | 'pickup'
  | 'call_failed';

export type PhoneEvent =
  | { type: 'registered' }
  | { type: 'unregistered' }
  | { type: 'registrationFailed' }
  | { type: 'registrationExpiring' }
  /** The WebSocket is being opened again; `attempts` counts recoveries since the last good connection. */
  | { type: 'transportConnecting'; attempts: number }
  | { type: 'microphoneBlocked' }
  /** The agent's status does not keep the phone registered (spec: sip_register false). */
  | { type: 'pause' }
  /** The agent's status keeps the phone registered again. */
  | { type: 'resume' }
  | { type: 'incoming'; callId: number | null }
  | { type: 'outgoing'; callId: number | null }
  | { type: 'answered' }
  | { type: 'hold' }
  | { type: 'unhold' }
  | { type: 'mute' }
  | { type: 'unmute' }
  | { type: 'callEnded' }
  /** The call-data fetch, a call-flow report or a pickup failed: emergency end of call. */
  | { type: 'failure'; problem: 'call_data' | 'pickup' | 'call_failed' }
  /** The ended or fail screen is over: back to waiting for calls. */
  | { type: 'settle' };

export type PhoneSnapshot = {
  state: PhoneState;
  /** The engine's call id of the call on the phone (X-Shiftline-Call-Id), if any. */
  callId: number | null;
  direction: 'inbound' | 'outbound' | null;
  held: boolean;
  muted: boolean;
  problem: PhoneProblem | null;
  /** Whether the SIP registration holds now (a call may go on while it does not). */
  registered: boolean;
};

export const initialSnapshot: PhoneSnapshot = {
  state: 'unregistered',
  callId: null,
  direction: null,
  held: false,
  muted: false,
  problem: null,
  registered: false,
};

const PHONE_PROBLEMS: readonly PhoneProblem[] = [
  'microphone',
  'registration_failed',
  'registration_expiring',
  'transport',
];
/** The problem of the phone itself (not of one call), which outlasts the call it happened in. */
const phoneProblem = (problem: PhoneProblem | null) =>
  problem !== null && PHONE_PROBLEMS.includes(problem) ? problem : null;

/** Transport recoveries from which the phone counts as broken (spec §4: 3 or more). */
export const TRANSPORT_RECOVERIES_FOR_ISSUE = 3;

const CALL_STATES: readonly PhoneState[] = ['incoming', 'outgoing', 'in_progress', 'on_hold', 'muted'];
export const isOnCall = (state: PhoneState) => CALL_STATES.includes(state);

/** The talking state of a connected call from its hold and mute flags: hold shows over mute. */
function talking(snapshot: PhoneSnapshot, held: boolean, muted: boolean): PhoneSnapshot {
  return { ...snapshot, held, muted, state: held ? 'on_hold' : muted ? 'muted' : 'in_progress' };
}

/** Where the phone waits when no call is on it. */
function idle(snapshot: PhoneSnapshot): PhoneSnapshot {
  const base = { ...snapshot, callId: null, direction: null, held: false, muted: false };
  if (snapshot.state === 'paused') return { ...base, state: 'paused' };
  if (snapshot.problem !== null && (snapshot.state === 'technical_issue' || !snapshot.registered)) {
    return { ...base, state: 'technical_issue' };
  }
  return { ...base, problem: null, state: snapshot.registered ? 'registered' : 'unregistered' };
}

/** A problem with the phone itself: technical issue, except that a call going on is not cut by it. */
function broken(snapshot: PhoneSnapshot, problem: PhoneProblem): PhoneSnapshot {
  const next = { ...snapshot, registered: false, problem };
  if (isOnCall(snapshot.state) && problem !== 'microphone') return next;
  return { ...idle(next), problem, state: 'technical_issue' };
}

/** The phone's next snapshot after an event. Events that mean nothing in a state leave it as it is. */
export function transition(snapshot: PhoneSnapshot, event: PhoneEvent): PhoneSnapshot {
  const { state } = snapshot;
  switch (event.type) {
    case 'registered': {
      const next = { ...snapshot, registered: true };
      if (state === 'unregistered' || state === 'technical_issue')
        return { ...next, problem: null, state: 'registered' };
      return next;
    }
    case 'unregistered': {
      const next = { ...snapshot, registered: false };
      return state === 'registered' ? { ...next, state: 'unregistered' } : next;
    }
    case 'registrationFailed':
      return state === 'paused' ? snapshot : broken(snapshot, 'registration_failed');
    case 'registrationExpiring':
      return state === 'paused' ? snapshot : broken(snapshot, 'registration_expiring');
    case 'transportConnecting':
      if (state === 'paused' || event.attempts < TRANSPORT_RECOVERIES_FOR_ISSUE) return snapshot;
      return broken(snapshot, 'transport');
    case 'microphoneBlocked':
      return broken(snapshot, 'microphone');
    case 'pause':
      if (isOnCall(state)) return snapshot;
      return { ...idle(snapshot), problem: null, registered: false, state: 'paused' };
    case 'resume':
      return state === 'paused' ? { ...snapshot, state: 'unregistered' } : snapshot;
    case 'incoming':
    case 'outgoing':
      // One call at a time: a second one while busy, paused or broken is refused by the wiring, not taken here.
      if (state !== 'registered') return snapshot;
      return {
        ...snapshot,
        callId: event.callId,
        direction: event.type === 'incoming' ? 'inbound' : 'outbound',
        state: event.type,
      };
    case 'answered':
      return state === 'incoming' || state === 'outgoing' ? talking(snapshot, false, false) : snapshot;
    case 'hold':
      return state === 'in_progress' || state === 'muted' ? talking(snapshot, true, snapshot.muted) : snapshot;
    case 'unhold':
      return state === 'on_hold' ? talking(snapshot, false, snapshot.muted) : snapshot;
    case 'mute':
      return state === 'in_progress' || state === 'on_hold' ? talking(snapshot, snapshot.held, true) : snapshot;
    case 'unmute':
      return state === 'muted' || (state === 'on_hold' && snapshot.muted)
        ? talking(snapshot, snapshot.held, false)
        : snapshot;
    case 'callEnded':
      return isOnCall(state) ? { ...snapshot, held: false, muted: false, state: 'ended' } : snapshot;
    case 'failure':
      // A broken phone stays named as the problem: it is what the agent must know after the call.
      return {
        ...snapshot,
        held: false,
        muted: false,
        problem: snapshot.registered ? event.problem : (phoneProblem(snapshot.problem) ?? event.problem),
        state: 'fail',
      };
    case 'settle':
      return state === 'ended' || state === 'fail'
        ? idle({ ...snapshot, problem: phoneProblem(snapshot.problem) })
        : snapshot;
  }
}

/** The roles that answer only by picking a call up (spec §4, §5). */
export const PICKUP_ONLY_ROLES: readonly Role[] = ['team_lead', 'agent_supervisor', 'campaign_manager'];

/**
 * How long an incoming call rings before the phone answers it, or null when it waits for the person: agents after
 * ANSWER_DELAY_MS; anyone 1 ms after picking the call up; supervisory roles never by themselves.
 */
export function answerDelay(role: Role, pickingUp: boolean): number | null {
  if (pickingUp) return PICKUP_ANSWER_DELAY_MS;
  if (PICKUP_ONLY_ROLES.includes(role)) return null;
  return ANSWER_DELAY_MS;
}

/** The label the top bar shows for each state. */
export const PHONE_STATE_LABELS: Record<PhoneState, string> = {
  unregistered: 'Unregistered',
  registered: 'Registered',
  incoming: 'Incoming call',
  outgoing: 'Calling',
  in_progress: 'In progress',
  on_hold: 'On hold',
  muted: 'Muted',
  ended: 'Call ended',
  fail: 'Call failed',
  technical_issue: 'Technical issue',
  paused: 'Paused',
};

/** What went wrong, in words for the top bar's tooltip. */
export const PHONE_PROBLEM_TEXT: Record<PhoneProblem, string> = {
  microphone: 'Microphone is disabled or blocked! We could not proceed with calls',
  registration_failed: 'The phone could not register with the phone server.',
  registration_expiring: 'The phone registration is expiring.',
  transport: 'The connection to the phone server keeps dropping.',
  call_data: 'The call could not be reported to the server.',
  pickup: 'The call could not be picked up.',
  call_failed: 'The call failed.',
};
