import {
  type ActivityRecord,
  countsAsLoginTime,
  type ProductivityAgentShare,
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

const loginSecondsOf = (states: readonly ActivityRecord[]) =>
  states.reduce((sum, entry) => (countsAsLoginTime(entry.state) ? sum + entry.seconds : sum), 0);

/**
 * The page's stats for several agents: the summary of everyone's seconds together, and for each group and
 * sub-category the agents with time in it (most first), each as a percent of that series and of the total.
 */
export function productivityBreakdown(agents: readonly AgentStateSums[]): ProductivityBreakdown {
  const summary = summarizeStateSeconds(agents.flatMap((agent) => agent.states));
  const perAgent = agents.map((agent) => ({ agent, summary: summarizeStateSeconds(agent.states) }));
  const sharesOf = (seriesSeconds: number, secondsOf: (summary: ProductivitySummary) => number) =>
    perAgent
      .map(({ agent, summary: own }): ProductivityAgentShare => {
        const seconds = secondsOf(own);
        return {
          agentId: agent.agentId,
          name: agent.name,
          seconds,
          minutes: round2(seconds / 60),
          percentOfSeries: percentOf(seconds, seriesSeconds),
          percentOfTotal: percentOf(seconds, summary.totalSeconds),
        };
      })
      .filter((share) => share.seconds > 0)
      .sort((a, b) => b.seconds - a.seconds || a.name.localeCompare(b.name) || a.agentId - b.agentId);

  return {
    totalSeconds: summary.totalSeconds,
    onCallSeconds: summary.onCallSeconds,
    paidSeconds: summary.paidSeconds,
    loginSeconds: agents.reduce((sum, agent) => sum + loginSecondsOf(agent.states), 0),
    groups: summary.groups.map((group, groupIndex) => ({
      ...group,
      agents: sharesOf(group.seconds, (own) => own.groups[groupIndex]?.seconds ?? 0),
      subCategories: group.subCategories.map((sub, subIndex) => ({
        ...sub,
        agents: sharesOf(sub.seconds, (own) => own.groups[groupIndex]?.subCategories[subIndex]?.seconds ?? 0),
      })),
    })),
  };
}
