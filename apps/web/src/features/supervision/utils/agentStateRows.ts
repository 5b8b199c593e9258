import {
  type AgentStateEvent,
  type AgentStateRow,
  type CampaignType,
  compareAgentStates,
  stateSinceAfter,
} from '@shiftline/shared';

/** The report's filter values (spec §7: the chosen filter values are the body). */
export type AgentStateFilter = { campaigns: readonly number[]; callType: CampaignType | null };

/**
 * The agent state table as the page keeps it between snapshots: the rows in the report's order, and whether the page
 * must load the report again because an event named someone the rows do not hold (an agent new to the campaigns).
 */
export type AgentRowsView = {
  rows: readonly AgentStateRow[];
  reload: boolean;
};

export const agentRowsView = (rows: readonly AgentStateRow[]): AgentRowsView => ({
  rows: [...rows].sort(compareAgentStates),
  reload: false,
});

/**
 * The sorted rows with one row replaced and moved to its place (a binary search rather than a sort: thousands of
 * agents and hundreds of events a second).
 */
function placeInOrder(rows: readonly AgentStateRow[], id: number, updated: AgentStateRow): AgentStateRow[] {
  const others = rows.filter((entry) => entry.id !== id);
  let low = 0;
  let high = others.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (compareAgentStates(others[middle] as AgentStateRow, updated) <= 0) low = middle + 1;
    else high = middle;
  }
  others.splice(low, 0, updated);
  return others;
}

/**
 * Spec §4: a new agent state updates the agent's row (status, times, campaign, customer, call type, colour) when its
 * call type matches the filter, and the table sorts again. `campaignNames` are the campaigns the report covers.
 */
export function applyAgentEvent(
  view: AgentRowsView,
  event: AgentStateEvent,
  filter: AgentStateFilter,
  campaignNames: ReadonlyMap<number, string>,
): AgentRowsView {
  if (filter.callType !== null && event.agent_call_type !== filter.callType) return view;
  const covered = filter.campaigns.length > 0 ? new Set(filter.campaigns) : new Set(campaignNames.keys());
  const inReport = event.agent_campaigns.some((id) => covered.has(id));
  const row = view.rows.find((entry) => entry.id === event.user_id);
  if (!row) return inReport ? { ...view, reload: true } : view;
  if (!inReport) return { ...view, rows: view.rows.filter((entry) => entry.id !== row.id) };
  if (Date.parse(event.status_started_at) < Date.parse(row.status_started_at)) return view;

  const updated: AgentStateRow = {
    ...row,
    status: event.status,
    title: event.title,
    bgc: event.bgc,
    status_started_at: event.status_started_at,
    state_since: stateSinceAfter(row, event),
    old_status: event.old_status,
    campaign_id: event.campaign_id,
    campaign:
      event.campaign_id === null
        ? null
        : (campaignNames.get(event.campaign_id) ?? (row.campaign_id === event.campaign_id ? row.campaign : null)),
    customer: event.customer,
    customer_phone: event.customer_phone,
    cold_call_id: event.cold_call_id,
    source: event.source,
    call_type: event.call_type,
    agent_call_type: event.agent_call_type,
    agent_campaigns: event.agent_campaigns,
  };
  return { rows: placeInOrder(view.rows, row.id, updated), reload: view.reload };
}

/** The campaigns the report's Campaigns filter offers, by id. */
export function campaignNamesOf(
  filters: readonly { name: string; items: { value: number | string; text: string }[] }[],
) {
  const campaigns = filters.find((filter) => filter.name === 'campaigns');
  return new Map((campaigns?.items ?? []).map((item) => [Number(item.value), item.text] as const));
}
