import {
  type ActivityRecord,
  AGENT_STATES,
  classifyState,
  countsAsLoginTime,
  type ProductivityAgentShare,
  type ProductivityGroup,
  type ProductivityGroupResult,
  type ProductivitySummary,
  percentOf,
  round2,
  summarizeStateSeconds,
} from '@shiftline/shared';

/** One agent's capped seconds per state. */
export type AgentStateSums = { agentId: number; name: string; states: ActivityRecord[] };

export type ProductivityBreakdown = Pick<ProductivitySummary, 'totalSeconds' | 'onCallSeconds' | 'paidSeconds'> & {
  loginSeconds: number;
  groups: ProductivityGroupResult[];
};

/** A series of the page: a group, or one sub-category of it. */
export type ProductivitySeriesKey = { group: ProductivityGroup; subCategory: string | null };

const loginSecondsOf = (states: readonly ActivityRecord[]) =>
  states.reduce((sum, entry) => (countsAsLoginTime(entry.state) ? sum + entry.seconds : sum), 0);

/** Everyone's seconds per state together: a few dozen entries, however many agents. */
function secondsPerState(agents: readonly AgentStateSums[]): ActivityRecord[] {
  const totals = new Map<string, number>();
  for (const agent of agents) {
    for (const entry of agent.states) totals.set(entry.state, (totals.get(entry.state) ?? 0) + entry.seconds);
  }
  return [...totals].map(([state, seconds]) => ({ state, seconds }));
}

/** The page's stats for several agents: the summary of everyone's seconds together, and their login time. */
export function productivityBreakdown(agents: readonly AgentStateSums[]): ProductivityBreakdown {
  const everyone = secondsPerState(agents);
  const summary = summarizeStateSeconds(everyone);
  return {
    totalSeconds: summary.totalSeconds,
    onCallSeconds: summary.onCallSeconds,
    paidSeconds: summary.paidSeconds,
    loginSeconds: loginSecondsOf(everyone),
    groups: summary.groups,
  };
}

const seriesSeconds = (summary: ProductivitySummary, series: ProductivitySeriesKey): number => {
  const group = summary.groups.find((entry) => entry.group === series.group);
  if (series.subCategory === null) return group?.seconds ?? 0;
  return group?.subCategories.find((entry) => entry.subCategory === series.subCategory)?.seconds ?? 0;
};

/** The states a series is made of, by the shared classification. */
const statesOfSeries = (series: ProductivitySeriesKey): ReadonlySet<string> =>
  new Set(
    AGENT_STATES.map((state) => state.id).filter((id) => {
      const classification = classifyState(id);
      return (
        classification?.group === series.group &&
        (series.subCategory === null || classification.subCategory === series.subCategory)
      );
    }),
  );

/**
 * One series' drill-down: the agents with time in it (most first), each as a percent of the series and of the
 * page's total (every agent counted, every group).
 */
export function seriesAgentShares(
  agents: readonly AgentStateSums[],
  series: ProductivitySeriesKey,
): { seconds: number; agents: ProductivityAgentShare[] } {
  const everyone = summarizeStateSeconds(secondsPerState(agents));
  const seconds = seriesSeconds(everyone, series);
  const inSeries = statesOfSeries(series);
  const shares = agents
    .map((agent): ProductivityAgentShare => {
      const own = agent.states.reduce(
        (sum, entry) => (inSeries.has(entry.state) ? sum + Math.max(entry.seconds, 0) : sum),
        0,
      );
      return {
        agentId: agent.agentId,
        name: agent.name,
        seconds: own,
        minutes: round2(own / 60),
        percentOfSeries: percentOf(own, seconds),
        percentOfTotal: percentOf(own, everyone.totalSeconds),
      };
    })
    .filter((share) => share.seconds > 0)
    .sort((a, b) => b.seconds - a.seconds || a.name.localeCompare(b.name) || a.agentId - b.agentId);
  return { seconds, agents: shares };
}
