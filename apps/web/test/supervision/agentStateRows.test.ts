import { compareAgentStates, STATUS_GROUPS } from '@shiftline/shared';
import { describe, expect, it } from 'vitest';
import {
  type AgentStateFilter,
  agentRowsView,
  applyAgentEvent,
} from '../../src/features/supervision/utils/agentStateRows';
import { agentEvent, agentRow } from './supervisionFixtures';

const NAMES = new Map([
  [1, 'Acme Support'],
  [2, 'Bolt Sales'],
]);
const ALL: AgentStateFilter = { campaigns: [], callType: null };
const STATUSES = [...STATUS_GROUPS.flatMap((group) => group.statuses), 'administrative', 'meeting'];

/** A small deterministic generator, so a failure replays. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

describe('the agent state rows', () => {
  it('stay in the report order however events move agents', () => {
    const next = random(7);
    const start = Date.parse('2026-11-25T12:00:00.000Z');
    let view = agentRowsView(
      Array.from({ length: 60 }, (_, index) =>
        agentRow(index + 1, `Agent ${index + 1}`, 'logged_out', new Date(start - index * 60_000).toISOString()),
      ),
    );
    for (let step = 1; step <= 500; step += 1) {
      const id = 1 + Math.floor(next() * 60);
      const status = STATUSES[Math.floor(next() * STATUSES.length)] as string;
      const since = new Date(start + step * 1000 + Math.floor(next() * 5000)).toISOString();
      view = applyAgentEvent(view, agentEvent(id, `Agent ${id}`, status, since, { '1': step }), ALL, NAMES);
      expect(view.rows.map((row) => row.id)).toEqual([...view.rows].sort(compareAgentStates).map((row) => row.id));
      expect(view.rows).toHaveLength(60);
    }
  });

  it('drop an agent no longer on the report campaigns, and ask for the report for one newly on them', () => {
    const view = agentRowsView([agentRow(41, 'Al Chen', 'ready', '2026-11-25T12:00:00.000Z')]);
    const filter: AgentStateFilter = { campaigns: [1], callType: null };
    const moved = applyAgentEvent(
      view,
      agentEvent(41, 'Al Chen', 'ready', '2026-11-25T12:01:00.000Z', { '2': 1 }, { agent_campaigns: [2] }),
      filter,
      NAMES,
    );
    expect(moved.rows).toHaveLength(0);
    const joined = applyAgentEvent(
      view,
      agentEvent(50, 'New Person', 'ready', '2026-11-25T12:01:00.000Z', { '1': 1 }),
      filter,
      NAMES,
    );
    expect(joined.rows).toHaveLength(1);
    expect(joined.reload).toBe(true);
  });

  it('show the customer, source and direction of the call the event is about, and none once off the call', () => {
    const view = agentRowsView([
      agentRow(41, 'Al Chen', 'ready', '2026-11-25T12:00:00.000Z', { campaign_id: null, campaign: null }),
    ]);
    const onCall = { campaign_id: 1, call_id: 900, customer: 'Dana Poe', source: 'Google Ads', call_type: 'inbound' };
    const held = applyAgentEvent(
      view,
      agentEvent(41, 'Al Chen', 'on_call', '2026-11-25T12:02:00.000Z', { '1': 1 }, onCall),
      ALL,
      NAMES,
    );
    expect(held.rows[0]).toMatchObject({
      status: 'on_call',
      campaign: 'Acme Support',
      customer: 'Dana Poe',
      source: 'Google Ads',
      call_type: 'inbound',
    });
    expect(held.reload).toBe(false);
    const another = applyAgentEvent(
      held,
      agentEvent(41, 'Al Chen', 'ready', '2026-11-25T12:09:00.000Z', { '1': 2 }, {}),
      ALL,
      NAMES,
    );
    expect(another.rows[0]).toMatchObject({ customer: null, source: null, call_type: null });
    expect(another.reload).toBe(false);
    const older = applyAgentEvent(
      another,
      agentEvent(41, 'Al Chen', 'ready', '2026-11-25T12:05:00.000Z', { '1': 3 }),
      ALL,
      NAMES,
    );
    expect(older.rows[0]?.status).toBe('ready');
  });
});
