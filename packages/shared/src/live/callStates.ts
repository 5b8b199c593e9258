/*
 * The live call's state machine (operations spec §3 call data, §4): a call moves queued → offered → talking ⇄ on
 * hold → after-call → ended, or is abandoned (the caller leaves before anyone talks to them). An outbound call (a
 * cold call an agent places) starts dialling and goes to talking when the client picks up, or ends unanswered. An offer not answered
 * in time is a miss: the call goes back to the queue, as does a transferred call whose target does not answer.
 * Every service that changes a call asks this table first, so a move the table does not list is refused with its
 * reason and changes nothing.
 */

export const CALL_STATES = [
  'queued',
  'offered',
  'dialling',
  'talking',
  'on_hold',
  'after_call',
  'ended',
  'abandoned',
  /** Refused before it queued: the caller's number is blacklisted or on the do-not-call list. Never live. */
  'blocked',
] as const;
export type CallState = (typeof CALL_STATES)[number];

/** States a call is live in: it holds a queue place or an agent. Reconciled at start after a crash. */
export const LIVE_CALL_STATES: readonly CallState[] = [
  'queued',
  'offered',
  'dialling',
  'talking',
  'on_hold',
  'after_call',
];
/** States in which an agent and the caller are connected. */
export const CONNECTED_CALL_STATES: readonly CallState[] = ['talking', 'on_hold'];

export const CALL_MOVES = {
  /** The router gives the call to a ready agent; the agent's phone rings. */
  offer: { from: ['queued'], to: 'offered' },
  /** The offered agent did not answer in time: back to the queue, the agent to not ready (automatic). */
  miss: { from: ['offered'], to: 'queued' },
  /** The offered agent (or a supervisor picking it up) answers. */
  answer: { from: ['offered'], to: 'talking' },
  hold: { from: ['talking'], to: 'on_hold' },
  unhold: { from: ['on_hold'], to: 'talking' },
  /** Either side hangs up: the agent goes to after-call work and the after-call form opens. */
  hangUp: { from: ['talking', 'on_hold'], to: 'after_call' },
  /** The caller leaves the queue, or hangs up while it rings. */
  abandon: { from: ['queued', 'offered'], to: 'abandoned' },
  /** A transfer's target did not answer in time: the caller, answered before, waits in the queue for the next agent. */
  requeue: { from: ['talking', 'on_hold'], to: 'queued' },
  /** A caller answered before (a transfer nobody took) hangs up while waiting again: the call ends, answered. */
  hangUpWaiting: { from: ['queued', 'offered'], to: 'ended' },
  /** The after-call form is closed: the call is over. */
  close: { from: ['after_call'], to: 'ended' },
  /** Outbound (a cold call): the agent's call is ringing the client and the client picks up. */
  calleeAnswers: { from: ['dialling'], to: 'talking' },
  /** Outbound: the client did not pick up (or the agent gave up dialling); the call ends unanswered. */
  unanswered: { from: ['dialling'], to: 'ended' },
} as const satisfies Record<string, { from: readonly CallState[]; to: CallState }>;

export type CallMove = keyof typeof CALL_MOVES;

const STATE_LABELS: Record<CallState, string> = {
  queued: 'queued',
  offered: 'ringing',
  dialling: 'dialling',
  talking: 'in progress',
  on_hold: 'on hold',
  after_call: 'in after-call work',
  ended: 'ended',
  abandoned: 'abandoned',
  blocked: 'blocked',
};

export const callStateLabel = (state: CallState): string => STATE_LABELS[state];

/** The state a move leads to from `from`, or the reason it is refused. */
export function moveCall(from: CallState, move: CallMove): { to: CallState } | { refused: string } {
  const rule = CALL_MOVES[move];
  if ((rule.from as readonly CallState[]).includes(from)) return { to: rule.to };
  return { refused: `The call is ${callStateLabel(from)}; it cannot be ${MOVE_PAST[move]}.` };
}

const MOVE_PAST: Record<CallMove, string> = {
  offer: 'offered',
  miss: 'missed',
  answer: 'answered',
  hold: 'put on hold',
  unhold: 'taken off hold',
  hangUp: 'hung up',
  abandon: 'abandoned',
  requeue: 'queued again',
  hangUpWaiting: 'hung up while waiting',
  close: 'closed',
  calleeAnswers: 'answered by the client',
  unanswered: 'ended unanswered',
};

/** How long an offered call rings before it counts as missed and goes back to the queue. */
export const OFFER_TIMEOUT_MS = 20_000;
/**
 * How long an outbound call rings the client before it ends unanswered, when the phone network has not said so
 * itself (a lost signal, a softphone that closed): about ten rings.
 */
export const DIAL_TIMEOUT_MS = 60_000;
/** The softphone answers an offered call by itself after this delay (spec §9: 5000 ms; 1 ms when picking up). */
export const ANSWER_DELAY_MS = 5000;
export const PICKUP_ANSWER_DELAY_MS = 1;
