import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AgentStateEvent, CallChangedEvent } from '../src/api/events.js';
import {
  applyAgentState,
  applyCall,
  applyCallback,
  boardFromSnapshot,
  compareAgentStates,
  countersOf,
  emptyBoard,
  type LiveBoard,
  statusGroupIndex,
} from '../src/live/supervision.js';

/** Numbers events per campaign as the server does, in the order they are made. */
const counts = new Map<number, number>();
const stamp = (campaigns: readonly number[]) => ({
  epoch: 'e',
  campaigns: Object.fromEntries(
    campaigns.map((id) => {
      counts.set(id, (counts.get(id) ?? 0) + 1);
      return [id, counts.get(id) as number];
    }),
  ),
});
const agentEvent = (userId: number, status: string, at: string, campaigns = [1]): AgentStateEvent => ({
  user_id: userId,
  name: `Agent ${userId}`,
  status,
  title: status,
  bgc: '#000000',
  status_started_at: at,
  old_status: null,
  campaign_id: null,
  agent_campaigns: campaigns,
  agent_call_type: null,
  call_id: null,
  customer: null,
  customer_phone: null,
  cold_call_id: null,
  source: null,
  call_type: null,
  seq: stamp(campaigns),
});
const callEvent = (callId: number, status: string, campaignId = 1, callback = false): CallChangedEvent => ({
  call_id: callId,
  campaign_id: campaignId,
  direction: 'inbound',
  status,
  old_status: null,
  agent_id: null,
  old_agent_id: null,
  queued_at: `2030-01-01T10:00:${String(callId % 60).padStart(2, '0')}Z`,
  answered_at: null,
  ended_at: null,
  missed: false,
  callback,
  seq: stamp([campaignId]),
});

describe('the agent state report order', () => {
  it('sorts by the spec’s status groups, then the longest in their state first', () => {
    const rows = [
      { status: 'meeting', status_started_at: '2030-01-01T09:00:00Z', name: 'M' },
      { status: 'logged_out', status_started_at: '2030-01-01T09:00:00Z', name: 'L' },
      { status: 'ready', status_started_at: '2030-01-01T10:00:00Z', name: 'R late' },
      { status: 'ready', status_started_at: '2030-01-01T09:30:00Z', name: 'R early' },
      { status: 'not_ready_personal', status_started_at: '2030-01-01T09:00:00Z', name: 'P' },
      { status: 'after_call_work', status_started_at: '2030-01-01T09:00:00Z', name: 'A' },
      { status: 'on_hold', status_started_at: '2030-01-01T09:50:00Z', name: 'H' },
      { status: 'follow_up_work', status_started_at: '2030-01-01T09:00:00Z', name: 'F' },
      { status: 'not_ready_automatic', status_started_at: '2030-01-01T09:00:00Z', name: 'N' },
      { status: 'on_call', status_started_at: '2030-01-01T09:40:00Z', name: 'C' },
    ];
    expect([...rows].sort(compareAgentStates).map((row) => row.name)).toEqual([
      'C',
      'H',
      'A',
      'R early',
      'R late',
      'F',
      'N',
      'P',
      'L',
      'M',
    ]);
    expect(statusGroupIndex('training')).toBe(statusGroupIndex('meeting'));
  });
});

describe('the campaign status board', () => {
  /** Applies events in order, expecting no refetch. */
  const feed = (board: LiveBoard, ...events: (AgentStateEvent | CallChangedEvent)[]) =>
    events.reduce((current, event) => {
      const applied = 'user_id' in event ? applyAgentState(current, event) : applyCall(current, event);
      expect(applied.refetch).toBe(false);
      return applied.board;
    }, board);

  it('follows agents by campaign: on call, not ready and logged in, entering and leaving', () => {
    let board = feed(
      emptyBoard(),
      agentEvent(1, 'ready', '2030-01-01T10:00:00Z', [1, 2]),
      agentEvent(2, 'not_ready_personal', '2030-01-01T10:00:00Z', [1]),
      agentEvent(3, 'logged_out', '2030-01-01T10:00:00Z', [1]),
    );
    expect(countersOf(board, 1)).toMatchObject({ agents_on_call: 0, agents_not_ready: 1, agents_logged_in: 2 });
    expect(countersOf(board, 2)).toMatchObject({ agents_on_call: 0, agents_not_ready: 0, agents_logged_in: 1 });
    const onCall = agentEvent(1, 'on_call', '2030-01-01T10:01:00Z', [1, 2]);
    board = feed(
      board,
      onCall,
      agentEvent(2, 'ready', '2030-01-01T10:01:00Z', [1]),
      agentEvent(3, 'ready', '2030-01-01T10:01:00Z', [1]),
    );
    expect(countersOf(board, 1)).toMatchObject({ agents_on_call: 1, agents_not_ready: 0, agents_logged_in: 3 });
    expect(countersOf(board, 2)).toMatchObject({ agents_on_call: 1 });
    // The same event again (a replay) changes nothing.
    expect(applyAgentState(board, onCall)).toEqual({ board, refetch: false });
  });

  it('counts waiting calls and callbacks until answered or gone, and the oldest wait', () => {
    let board = feed(emptyBoard(), callEvent(5, 'queued'), callEvent(3, 'queued', 1, true), callEvent(4, 'queued', 2));
    expect(countersOf(board, 1)).toMatchObject({
      calls_in_queue: 2,
      queues_callbacks: 1,
      oldest_waiting_since: '2030-01-01T10:00:03Z',
    });
    board = feed(board, callEvent(3, 'offered', 1, true));
    expect(countersOf(board, 1).calls_in_queue).toBe(2);
    const removed = applyCallback(board, { call_id: 3, campaign_id: 1, deleted: true, seq: stamp([1]) });
    expect(removed.refetch).toBe(false);
    expect(countersOf(removed.board, 1).queues_callbacks).toBe(0);
    board = feed(removed.board, callEvent(3, 'talking', 1, true), callEvent(5, 'abandoned'));
    expect(countersOf(board, 1)).toMatchObject({ calls_in_queue: 0, oldest_waiting_since: null });
    expect(countersOf(board, 2).calls_in_queue).toBe(1);
  });

  it('asks for a snapshot when a number is skipped or the epoch changes, and skips what the snapshot holds', () => {
    const snapshot = boardFromSnapshot({
      stamp: { epoch: 'e', campaigns: { 9: 10 } },
      agents: [{ user_id: 1, status: 'ready', since: '2030-01-01T10:00:00Z', campaigns: [9] }],
      waiting: [{ call_id: 70, campaign_id: 9, queued_at: '2030-01-01T10:00:00Z', callback: false }],
    });
    expect(countersOf(snapshot, 9)).toMatchObject({ agents_logged_in: 1, calls_in_queue: 1 });
    const held = { ...callEvent(70, 'queued', 9), seq: { epoch: 'e', campaigns: { 9: 10 } } };
    expect(applyCall(snapshot, held)).toEqual({ board: snapshot, refetch: false });
    const next = applyCall(snapshot, { ...callEvent(70, 'talking', 9), seq: { epoch: 'e', campaigns: { 9: 11 } } });
    expect(next.refetch).toBe(false);
    expect(countersOf(next.board, 9).calls_in_queue).toBe(0);
    const skipped = applyCall(next.board, { ...callEvent(71, 'queued', 9), seq: { epoch: 'e', campaigns: { 9: 13 } } });
    expect(skipped.refetch).toBe(true);
    expect(countersOf(skipped.board, 9).calls_in_queue).toBe(1);
    const restarted = applyCall(skipped.board, {
      ...callEvent(72, 'queued', 9),
      seq: { epoch: 'f', campaigns: { 9: 1 } },
    });
    expect(restarted.refetch).toBe(true);
  });

  it('never goes below zero, and equals the board fed each event once whatever is replayed later', () => {
    const event = fc.oneof(
      fc.record({
        kind: fc.constant('agent' as const),
        user: fc.integer({ min: 1, max: 6 }),
        status: fc.constantFrom('ready', 'on_call', 'on_hold', 'not_ready_personal', 'logged_out', 'meeting'),
        minute: fc.integer({ min: 0, max: 59 }),
        campaigns: fc.subarray([1, 2, 3], { minLength: 1 }),
      }),
      fc.record({
        kind: fc.constant('call' as const),
        call: fc.integer({ min: 1, max: 20 }),
        status: fc.constantFrom('queued', 'offered', 'talking', 'after_call', 'ended', 'abandoned'),
        campaign: fc.constantFrom(1, 2, 3),
        callback: fc.boolean(),
      }),
    );
    fc.assert(
      fc.property(
        fc.array(event, { maxLength: 60 }),
        fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 20 }),
        (specs, replays) => {
          counts.clear();
          const events = specs.map((e) =>
            e.kind === 'agent'
              ? agentEvent(e.user, e.status, `2030-01-01T10:${String(e.minute).padStart(2, '0')}:00Z`, e.campaigns)
              : callEvent(e.call, e.status, e.campaign, e.callback),
          );
          const apply = (board: LiveBoard, e: AgentStateEvent | CallChangedEvent) =>
            ('user_id' in e ? applyAgentState(board, e) : applyCall(board, e)).board;
          const once = events.reduce(apply, emptyBoard());
          // The same stream with earlier events delivered again later (a reconnect replaying, a second process).
          let replayed = emptyBoard();
          for (const [index, e] of events.entries()) {
            replayed = apply(replayed, e);
            for (const [at, which] of replays) {
              if (at % Math.max(events.length, 1) === index && events.length > 0) {
                replayed = apply(replayed, events[which % (index + 1)] as AgentStateEvent | CallChangedEvent);
              }
            }
          }
          for (const campaign of [1, 2, 3]) {
            const counters = countersOf(replayed, campaign);
            expect(counters).toEqual(countersOf(once, campaign));
            for (const value of Object.values(counters)) {
              if (typeof value === 'number') expect(value).toBeGreaterThanOrEqual(0);
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
