import { describe, expect, it } from 'vitest';
import {
  AGENT_STATES,
  allowedTransitions,
  billingOf,
  CALL_MOVES,
  CALL_STATES,
  type CallMove,
  canHaveStatus,
  IN_CALL_STATUSES,
  LIVE_STATUSES,
  liveStatus,
  moveCall,
  ROLES,
  readyStatusFor,
  refusedTransition,
  stateSinceAfter,
  statusGroupKey,
  statusTitle,
} from '../src/index.js';

const ids = LIVE_STATUSES.map((status) => status.id);

/** WCAG contrast ratio of two #rrggbb colours. */
function contrast(first: string, second: string): number {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((at) => {
      const channel = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
      return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(first), luminance(second)].sort((a, b) => b - a) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}
const chosenByAgent = LIVE_STATUSES.filter((status) => status.entry === 'agent').map((status) => status.id);

describe('the status transition table', () => {
  it('covers every live status once, each a productivity state with a colour and an icon', () => {
    expect(new Set(ids).size).toBe(ids.length);
    const known = AGENT_STATES.map((state) => state.id) as string[];
    for (const status of LIVE_STATUSES) {
      expect(known).toContain(status.id);
      expect(status.bgc).toMatch(/^#[0-9a-f]{6}$/);
      // The chip's white title and its light grey timer are readable on it (WCAG AA, 4.5:1).
      expect(contrast('#f5f5f5', status.bgc), status.id).toBeGreaterThanOrEqual(4.5);
      expect(status.icon).not.toBe('');
    }
  });

  it('offers nothing during a call: the engine moves the agent on', () => {
    for (const from of IN_CALL_STATUSES) {
      expect(allowedTransitions(from, 'inbound')).toEqual([]);
      expect(refusedTransition(from, 'ready', 'inbound')).toEqual({
        reason: `Ready is not offered from ${statusTitle(from)}`,
      });
    }
  });

  it('offers every agent-chosen status but the current one, sorted by priority, from every other status', () => {
    for (const from of ids.filter((id) => !IN_CALL_STATUSES.includes(id))) {
      for (const callType of ['inbound', 'email', 'outbound', null] as const) {
        const offered = allowedTransitions(from, callType);
        expect(offered).not.toContain(from);
        const priorities = offered.map((id) => liveStatus(id).priority);
        expect(priorities).toEqual([...priorities].sort((a, b) => a - b));
        for (const id of offered) expect(liveStatus(id).entry).toBe('agent');
        const expected = chosenByAgent.filter(
          (id) =>
            id !== from &&
            (callType === 'outbound' ? id !== 'ready' : id !== 'ready_outbound' && id !== 'outbound_sales_calls'),
        );
        expect(new Set(offered)).toEqual(new Set(expected));
      }
    }
  });

  it('offers each call type its own menu: Outbound Sales Calls and the dial-pad Ready only to outbound agents', () => {
    const common = ['email_tickets', 'follow_up_work', 'meeting', 'training', 'qa_monitoring', 'administrative'];
    const rest = ['escalation', 'break', 'lunch', 'not_ready_personal', 'technical_issues', 'logged_out'];
    for (const callType of ['inbound', 'email', null] as const) {
      expect(allowedTransitions('administrative', callType)).toEqual([
        'ready',
        ...common.filter((id) => id !== 'administrative'),
        ...rest,
      ]);
      expect(refusedTransition('ready', 'outbound_sales_calls', callType)).toEqual({
        reason: 'Outbound Sales Calls is not offered from Ready',
      });
    }
    expect(allowedTransitions('administrative', 'outbound')).toEqual([
      'ready_outbound',
      'outbound_sales_calls',
      ...common.filter((id) => id !== 'administrative'),
      ...rest,
    ]);
    // Nothing is chosen while a call holds the agent; after-call work leads back to the menu.
    expect(allowedTransitions('on_call', 'inbound')).toEqual([]);
    expect(allowedTransitions('after_call_work', 'inbound')).toContain('ready');
  });

  it('never lets an agent choose what the engine enters, and names the refusal', () => {
    for (const engineStatus of LIVE_STATUSES.filter((status) => status.entry === 'engine')) {
      for (const from of ids) {
        expect(refusedTransition(from, engineStatus.id, 'inbound')?.reason).toMatch(/entered by the call engine/);
      }
    }
    expect(refusedTransition('ready', 'napping', 'inbound')).toEqual({ reason: "'napping' is not a status" });
    expect(refusedTransition('ready', 'ready', 'inbound')).toEqual({ reason: 'Ready is not offered from Ready' });
    expect(refusedTransition('meeting', 'ready_outbound', 'inbound')).toEqual({
      reason: 'Ready (Outbound) is not offered from Meeting',
    });
    expect(refusedTransition('after_call_work', 'break', 'inbound')).toBeNull();
  });

  it('sends outbound agents to Outbound Sales Calls and the others to Ready; only call takers have a status', () => {
    expect(readyStatusFor('outbound')).toBe('outbound_sales_calls');
    expect(readyStatusFor('inbound')).toBe('ready');
    expect(readyStatusFor('email')).toBe('ready');
    expect(ROLES.filter(canHaveStatus)).toEqual(['agent', 'team_lead', 'agent_supervisor', 'campaign_manager']);
  });
});

describe('the call state machine', () => {
  const allowed: Record<string, string> = {
    'queued offer': 'offered',
    'offered miss': 'queued',
    'offered answer': 'talking',
    'talking hold': 'on_hold',
    'on_hold unhold': 'talking',
    'talking hangUp': 'after_call',
    'on_hold hangUp': 'after_call',
    'queued abandon': 'abandoned',
    'offered abandon': 'abandoned',
    'talking requeue': 'queued',
    'on_hold requeue': 'queued',
    'queued hangUpWaiting': 'ended',
    'offered hangUpWaiting': 'ended',
    'after_call close': 'ended',
    'dialling calleeAnswers': 'talking',
    'dialling unanswered': 'ended',
  };

  it('allows exactly the listed moves and refuses every other with the call state in the reason', () => {
    for (const from of CALL_STATES) {
      for (const step of Object.keys(CALL_MOVES) as CallMove[]) {
        const result = moveCall(from, step);
        const expected = allowed[`${from} ${step}`];
        if (expected) expect(result).toEqual({ to: expected });
        else expect('refused' in result && result.refused).toMatch(/^The call is [a-z -]+; it cannot be [a-z ]+\.$/);
      }
    }
    expect(moveCall('after_call', 'hangUp')).toEqual({
      refused: 'The call is in after-call work; it cannot be hung up.',
    });
    expect(moveCall('ended', 'close')).toEqual({ refused: 'The call is ended; it cannot be closed.' });
  });

  it('ends nowhere after ended or abandoned', () => {
    for (const final of ['ended', 'abandoned'] as const) {
      for (const step of Object.keys(CALL_MOVES) as CallMove[]) expect('refused' in moveCall(final, step)).toBe(true);
    }
  });
});

describe('billing', () => {
  it('bills an answered call of at least 10 s of talk for its talk and hold', () => {
    expect(billingOf({ answered: true, talkSeconds: 10, holdSeconds: 5 })).toEqual({ billed: true, billedSeconds: 15 });
    expect(billingOf({ answered: true, talkSeconds: 9, holdSeconds: 50 })).toEqual({ billed: false, billedSeconds: 0 });
    expect(billingOf({ answered: false, talkSeconds: 0, holdSeconds: 0 })).toEqual({ billed: false, billedSeconds: 0 });
  });
});

describe('an agent state row’s state since', () => {
  const row = { status: 'ringing', state_since: '2030-01-01T10:00:00.000Z' };
  it('stays through a status group and starts afresh in another', () => {
    expect(stateSinceAfter(row, { status: 'on_call', status_started_at: '2030-01-01T10:00:05.000Z' })).toBe(
      '2030-01-01T10:00:00.000Z',
    );
    expect(stateSinceAfter(row, { status: 'after_call_work', status_started_at: '2030-01-01T10:03:00.000Z' })).toBe(
      '2030-01-01T10:03:00.000Z',
    );
    // Statuses in no report group are each their own: Break then Lunch starts afresh.
    expect(
      stateSinceAfter(
        { status: 'break', state_since: '2030-01-01T11:00:00.000Z' },
        { status: 'lunch', status_started_at: '2030-01-01T11:15:00.000Z' },
      ),
    ).toBe('2030-01-01T11:15:00.000Z');
    expect(statusGroupKey('ready_outbound')).toBe(statusGroupKey('ready'));
  });
});
