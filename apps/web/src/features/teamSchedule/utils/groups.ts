import type { DataPoint, TeamSchedule } from '@shiftline/shared';

export type FreeShift = TeamSchedule['free_shifts'][number];

/** One collapsible panel of the details list. */
export type AgentSection =
  | { kind: 'free_shifts'; key: 'free_shifts'; title: string; freeShifts: FreeShift[] }
  | { kind: 'ungrouped' | 'group'; key: string; title: string; agents: DataPoint[] };

export const FREE_SHIFTS_GROUP = 'free_shifts';
export const UNGROUPED = 'ungrouped';

const byName = (a: DataPoint, b: DataPoint) => a.name.localeCompare(b.name, 'en');

/** A free shift still open: fewer agents accepted it than it asks for. */
export const isOpenFreeShift = (freeShift: FreeShift) => freeShift.accepted < freeShift.count_agents;

/**
 * The details panel's sections (spec): open free shifts first, then agents without a group,
 * then one panel per agent group in name order; agents by name inside each.
 */
export function agentSections(dataPoints: readonly DataPoint[], freeShifts: readonly FreeShift[]): AgentSection[] {
  const sections: AgentSection[] = [];
  const open = freeShifts.filter(isOpenFreeShift);
  if (open.length > 0) {
    sections.push({
      kind: 'free_shifts',
      key: FREE_SHIFTS_GROUP,
      title: 'Free shifts',
      freeShifts: [...open].sort((a, b) => Date.parse(a.start_utc) - Date.parse(b.start_utc)),
    });
  }
  const ungrouped = dataPoints.filter((point) => !point.agent_group);
  if (ungrouped.length > 0) {
    sections.push({ kind: 'ungrouped', key: UNGROUPED, title: 'No group', agents: [...ungrouped].sort(byName) });
  }
  const groups = new Map<string, DataPoint[]>();
  for (const point of dataPoints) {
    if (!point.agent_group) continue;
    const members = groups.get(point.agent_group) ?? [];
    members.push(point);
    groups.set(point.agent_group, members);
  }
  for (const name of [...groups.keys()].sort((a, b) => a.localeCompare(b, 'en'))) {
    sections.push({ kind: 'group', key: name, title: name, agents: (groups.get(name) ?? []).sort(byName) });
  }
  return sections;
}
