import { ANSWER_DELAY_MS, PICKUP_ANSWER_DELAY_MS, ROLES } from '@shiftline/shared';
import { describe, expect, it } from 'vitest';
import {
  answerDelay,
  initialSnapshot,
  PHONE_STATE_LABELS,
  PHONE_STATES,
  type PhoneEvent,
  type PhoneSnapshot,
  type PhoneState,
  transition,
} from '../../src/features/softphone/machine';

/** Runs events from the start. */
const run = (...events: PhoneEvent[]) => events.reduce(transition, initialSnapshot);
const registered = () => run({ type: 'registered' });
const talking = () => transition(transition(registered(), { type: 'incoming', callId: 41 }), { type: 'answered' });

/** A snapshot in each state, reached by events, so every state is tested from where it really comes from. */
const IN: Record<PhoneState, () => PhoneSnapshot> = {
  unregistered: () => initialSnapshot,
  registered,
  incoming: () => transition(registered(), { type: 'incoming', callId: 41 }),
  outgoing: () => transition(registered(), { type: 'outgoing', callId: 42 }),
  in_progress: talking,
  on_hold: () => transition(talking(), { type: 'hold' }),
  muted: () => transition(talking(), { type: 'mute' }),
  ended: () => transition(talking(), { type: 'callEnded' }),
  fail: () => transition(talking(), { type: 'failure', problem: 'call_data' }),
  technical_issue: () => transition(registered(), { type: 'registrationFailed' }),
  paused: () => transition(registered(), { type: 'pause' }),
};

const EVENTS: PhoneEvent[] = [
  { type: 'registered' },
  { type: 'unregistered' },
  { type: 'registrationFailed' },
  { type: 'registrationExpiring' },
  { type: 'transportConnecting', attempts: 1 },
  { type: 'transportConnecting', attempts: 3 },
  { type: 'microphoneBlocked' },
  { type: 'pause' },
  { type: 'resume' },
  { type: 'incoming', callId: 50 },
  { type: 'outgoing', callId: 51 },
  { type: 'answered' },
  { type: 'hold' },
  { type: 'unhold' },
  { type: 'mute' },
  { type: 'unmute' },
  { type: 'callEnded' },
  { type: 'failure', problem: 'pickup' },
  { type: 'settle' },
];

const key = (event: PhoneEvent) =>
  event.type === 'transportConnecting' ? `transportConnecting(${event.attempts})` : event.type;

// The whole table, written out: state × event → next state. '=' stays.
const TABLE: Record<PhoneState, Record<string, PhoneState | '='>> = {
  unregistered: {
    registered: 'registered',
    unregistered: '=',
    registrationFailed: 'technical_issue',
    registrationExpiring: 'technical_issue',
    'transportConnecting(1)': '=',
    'transportConnecting(3)': 'technical_issue',
    microphoneBlocked: 'technical_issue',
    pause: 'paused',
    resume: '=',
    incoming: '=',
    outgoing: '=',
    answered: '=',
    hold: '=',
    unhold: '=',
    mute: '=',
    unmute: '=',
    callEnded: '=',
    failure: 'fail',
    settle: '=',
  },
  registered: {
    registered: '=',
    unregistered: 'unregistered',
    registrationFailed: 'technical_issue',
    registrationExpiring: 'technical_issue',
    'transportConnecting(1)': '=',
    'transportConnecting(3)': 'technical_issue',
    microphoneBlocked: 'technical_issue',
    pause: 'paused',
    resume: '=',
    incoming: 'incoming',
    outgoing: 'outgoing',
    answered: '=',
    hold: '=',
    unhold: '=',
    mute: '=',
    unmute: '=',
    callEnded: '=',
    failure: 'fail',
    settle: '=',
  },
  incoming: {
    registered: '=',
    unregistered: '=',
    registrationFailed: '=',
    registrationExpiring: '=',
    'transportConnecting(1)': '=',
    'transportConnecting(3)': '=',
    microphoneBlocked: 'technical_issue',
    pause: '=',
    resume: '=',
    incoming: '=',
    outgoing: '=',
    answered: 'in_progress',
    hold: '=',
    unhold: '=',
    mute: '=',
    unmute: '=',
    callEnded: 'ended',
    failure: 'fail',
    settle: '=',
  },
  outgoing: {
    registered: '=',
    unregistered: '=',
    registrationFailed: '=',
    registrationExpiring: '=',
    'transportConnecting(1)': '=',
    'transportConnecting(3)': '=',
    microphoneBlocked: 'technical_issue',
    pause: '=',
    resume: '=',
    incoming: '=',
    outgoing: '=',
    answered: 'in_progress',
    hold: '=',
    unhold: '=',
    mute: '=',
    unmute: '=',
    callEnded: 'ended',
    failure: 'fail',
    settle: '=',
  },
  in_progress: {
    registered: '=',
    unregistered: '=',
    registrationFailed: '=',
    registrationExpiring: '=',
    'transportConnecting(1)': '=',
    'transportConnecting(3)': '=',
    microphoneBlocked: 'technical_issue',
    pause: '=',
    resume: '=',
    incoming: '=',
    outgoing: '=',
    answered: '=',
    hold: 'on_hold',
    unhold: '=',
    mute: 'muted',
    unmute: '=',
    callEnded: 'ended',
    failure: 'fail',
    settle: '=',
  },
  on_hold: {
    registered: '=',
    unregistered: '=',
    registrationFailed: '=',
    registrationExpiring: '=',
    'transportConnecting(1)': '=',
    'transportConnecting(3)': '=',
    microphoneBlocked: 'technical_issue',
    pause: '=',
    resume: '=',
    incoming: '=',
    outgoing: '=',
    answered: '=',
    hold: '=',
    unhold: 'in_progress',
    mute: 'on_hold',
    unmute: '=',
    callEnded: 'ended',
    failure: 'fail',
    settle: '=',
  },
  muted: {
    registered: '=',
    unregistered: '=',
    registrationFailed: '=',
    registrationExpiring: '=',
    'transportConnecting(1)': '=',
    'transportConnecting(3)': '=',
    microphoneBlocked: 'technical_issue',
    pause: '=',
    resume: '=',
    incoming: '=',
    outgoing: '=',
    answered: '=',
    hold: 'on_hold',
    unhold: '=',
    mute: '=',
    unmute: 'in_progress',
    callEnded: 'ended',
    failure: 'fail',
    settle: '=',
  },
  ended: {
    registered: '=',
    unregistered: '=',
    registrationFailed: 'technical_issue',
    registrationExpiring: 'technical_issue',
    'transportConnecting(1)': '=',
    'transportConnecting(3)': 'technical_issue',
    microphoneBlocked: 'technical_issue',
    pause: 'paused',
    resume: '=',
    incoming: '=',
    outgoing: '=',
    answered: '=',
    hold: '=',
    unhold: '=',
    mute: '=',
    unmute: '=',
    callEnded: '=',
    failure: 'fail',
    settle: 'registered',
  },
  fail: {
    registered: '=',
    unregistered: '=',
    registrationFailed: 'technical_issue',
    registrationExpiring: 'technical_issue',
    'transportConnecting(1)': '=',
    'transportConnecting(3)': 'technical_issue',
    microphoneBlocked: 'technical_issue',
    pause: 'paused',
    resume: '=',
    incoming: '=',
    outgoing: '=',
    answered: '=',
    hold: '=',
    unhold: '=',
    mute: '=',
    unmute: '=',
    callEnded: '=',
    failure: '=',
    settle: 'registered',
  },
  technical_issue: {
    registered: 'registered',
    unregistered: '=',
    registrationFailed: '=',
    registrationExpiring: '=',
    'transportConnecting(1)': '=',
    'transportConnecting(3)': '=',
    microphoneBlocked: '=',
    pause: 'paused',
    resume: '=',
    incoming: '=',
    outgoing: '=',
    answered: '=',
    hold: '=',
    unhold: '=',
    mute: '=',
    unmute: '=',
    callEnded: '=',
    failure: 'fail',
    settle: '=',
  },
  paused: {
    registered: '=',
    unregistered: '=',
    registrationFailed: '=',
    registrationExpiring: '=',
    'transportConnecting(1)': '=',
    'transportConnecting(3)': '=',
    microphoneBlocked: 'technical_issue',
    pause: '=',
    resume: 'unregistered',
    incoming: '=',
    outgoing: '=',
    answered: '=',
    hold: '=',
    unhold: '=',
    mute: '=',
    unmute: '=',
    callEnded: '=',
    failure: 'fail',
    settle: '=',
  },
};

describe('the softphone state machine', () => {
  it('has a label for every state of spec §4', () => {
    expect(Object.keys(PHONE_STATE_LABELS).sort()).toEqual([...PHONE_STATES].sort());
    expect(PHONE_STATES).toHaveLength(11);
  });

  describe.each(PHONE_STATES)('in %s', (state) => {
    it('is reached by its events', () => expect(IN[state]().state).toBe(state));
    it.each(EVENTS.map((event) => [key(event), event] as const))('on %s', (name, event) => {
      const expected = TABLE[state][name];
      const next = transition(IN[state](), event);
      expect(next.state).toBe(expected === '=' ? state : expected);
    });
  });

  it('keeps the call id and direction of the call on the phone, and forgets them when it settles', () => {
    const ringing = transition(registered(), { type: 'incoming', callId: 41 });
    expect(ringing).toMatchObject({ callId: 41, direction: 'inbound' });
    const dialling = transition(registered(), { type: 'outgoing', callId: 42 });
    expect(dialling).toMatchObject({ callId: 42, direction: 'outbound' });
    const after = transition(transition(transition(ringing, { type: 'answered' }), { type: 'callEnded' }), {
      type: 'settle',
    });
    expect(after).toMatchObject({ state: 'registered', callId: null, direction: null });
  });

  it('shows hold over mute, and comes back to muted when a muted call is taken off hold', () => {
    const mutedHeld = run(
      { type: 'registered' },
      { type: 'incoming', callId: 1 },
      { type: 'answered' },
      { type: 'mute' },
      { type: 'hold' },
    );
    expect(mutedHeld).toMatchObject({ state: 'on_hold', held: true, muted: true });
    expect(transition(mutedHeld, { type: 'unhold' })).toMatchObject({ state: 'muted', held: false, muted: true });
    expect(transition(mutedHeld, { type: 'unmute' })).toMatchObject({ state: 'on_hold', held: true, muted: false });
  });

  it('lets a call go on when the registration breaks, and is in technical issue once it ends', () => {
    const broken = transition(talking(), { type: 'transportConnecting', attempts: 3 });
    expect(broken).toMatchObject({ state: 'in_progress', registered: false, problem: 'transport' });
    const ended = transition(broken, { type: 'callEnded' });
    expect(transition(ended, { type: 'settle' })).toMatchObject({ state: 'technical_issue', problem: 'transport' });
  });

  it('counts transport recoveries from 3 (spec §4: 3 or more)', () => {
    expect(transition(registered(), { type: 'transportConnecting', attempts: 2 }).state).toBe('registered');
    expect(transition(registered(), { type: 'transportConnecting', attempts: 4 }).state).toBe('technical_issue');
  });

  it('names the problem of a technical issue and of a failure, and clears it when registered again', () => {
    expect(IN.technical_issue().problem).toBe('registration_failed');
    expect(transition(registered(), { type: 'microphoneBlocked' }).problem).toBe('microphone');
    expect(IN.fail().problem).toBe('call_data');
    expect(transition(IN.technical_issue(), { type: 'registered' }).problem).toBeNull();
  });
});

describe('answerDelay', () => {
  it.each(ROLES)('for %s', (role) => {
    const supervisory = ['team_lead', 'agent_supervisor', 'campaign_manager'].includes(role);
    expect(answerDelay(role, false)).toBe(supervisory ? null : ANSWER_DELAY_MS);
    expect(answerDelay(role, true)).toBe(PICKUP_ANSWER_DELAY_MS);
  });

  it('is 5000 ms for agents and 1 ms when picking up (spec §9)', () => {
    expect(answerDelay('agent', false)).toBe(5000);
    expect(answerDelay('team_lead', true)).toBe(1);
  });
});
