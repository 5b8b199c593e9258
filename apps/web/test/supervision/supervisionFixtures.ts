import type { AgentStateEvent, AgentStateRow, CallChangedEvent, CampaignStatusReport } from '@shiftline/shared';

export const EPOCH = 'epoch-1';
/** What the snapshots hold of campaign 1's and 2's event streams. */
export const STAMP = { epoch: EPOCH, campaigns: { '1': 10, '2': 4 } };

export const FILTERS = [
  {
    name: 'campaigns',
    label: 'Campaigns',
    items: [
      { value: 1, text: 'Acme Support' },
      { value: 2, text: 'Bolt Sales' },
    ],
  },
  {
    name: 'call_type',
    label: 'Call Type',
    items: [
      { value: 'inbound', text: 'Inbound' },
      { value: 'outbound', text: 'Outbound' },
    ],
  },
];

const COLOURS: Record<string, [string, string]> = {
  on_call: ['On call', '#2e7d32'],
  ready: ['Ready', '#1565c0'],
  not_ready_personal: ['Not ready (personal)', '#b71c1c'],
  after_call_work: ['After-call work', '#6a1b9a'],
  logged_out: ['Logged out', '#424242'],
};

export function agentRow(id: number, name: string, status: string, since: string, extra: Partial<AgentStateRow> = {}) {
  const [title, bgc] = COLOURS[status] ?? [status, '#424242'];
  return {
    id,
    source: null,
    name,
    agent_group: 'Blue Team',
    status,
    title,
    bgc,
    status_started_at: since,
    state_since: since,
    old_status: null,
    campaign: null,
    campaign_id: null,
    customer: null,
    customer_phone: null,
    cold_call_id: null,
    call_type: null,
    agent_call_type: 'inbound',
    agent_campaigns: [1],
    ...extra,
  } satisfies AgentStateRow;
}

export function agentEvent(
  userId: number,
  name: string,
  status: string,
  since: string,
  seq: Record<string, number>,
  extra: Partial<AgentStateEvent> = {},
): AgentStateEvent {
  const [title, bgc] = COLOURS[status] ?? [status, '#424242'];
  return {
    user_id: userId,
    name,
    status,
    title,
    bgc,
    status_started_at: since,
    old_status: null,
    campaign_id: null,
    agent_campaigns: [1],
    agent_call_type: 'inbound',
    call_id: null,
    customer: null,
    customer_phone: null,
    cold_call_id: null,
    source: null,
    call_type: null,
    seq: { epoch: EPOCH, campaigns: seq },
    ...extra,
  };
}

export function callEvent(
  callId: number,
  status: string,
  queuedAt: string,
  seq: Record<string, number>,
  extra: Partial<CallChangedEvent> = {},
): CallChangedEvent {
  return {
    call_id: callId,
    campaign_id: 1,
    direction: 'inbound',
    status,
    old_status: null,
    agent_id: null,
    old_agent_id: null,
    queued_at: queuedAt,
    answered_at: null,
    ended_at: null,
    missed: false,
    callback: false,
    seq: { epoch: EPOCH, campaigns: seq },
    ...extra,
  };
}

const HEADERS = [
  { text: 'Campaign', value: 'campaign_name' },
  { text: 'Agents On Call', value: 'agents_on_call' },
  { text: 'Agents Not Ready', value: 'agents_not_ready' },
  { text: 'Agents Logged In', value: 'agents_logged_in' },
  { text: 'Calls In Queue', value: 'calls_in_queue' },
  { text: 'Queue Callbacks', value: 'queues_callbacks' },
  { text: 'Current Longest', value: 'current_longest' },
  { text: 'Longest Queue Time Today', value: 'longest_queue_time_today' },
];

/** Campaign 1 with two agents (one ready, one not ready) and nobody waiting; campaign 2 empty. */
export function campaignStatus(stamp = STAMP): CampaignStatusReport {
  const item = (id: number, name: string) => ({
    campaign_id: id,
    campaign_name: name,
    agents_on_call: 0,
    agents_not_ready: 0,
    agents_logged_in: 0,
    calls_in_queue: 0,
    queues_callbacks: 0,
    current_longest: 0,
    longest_queue_time_today: 0,
  });
  return {
    headers: HEADERS,
    items: [item(1, 'Acme Support'), item(2, 'Bolt Sales')],
    additionals_filters: FILTERS,
    snapshot: {
      stamp,
      agents: [
        { user_id: 41, status: 'ready', since: '2026-11-24T14:00:00.000Z', campaigns: [1] },
        { user_id: 42, status: 'not_ready_personal', since: '2026-11-24T13:00:00.000Z', campaigns: [1] },
      ],
      waiting: [],
    },
  };
}
