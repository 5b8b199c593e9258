import type { DataPoint } from '@shiftline/shared';
import { touchesDay } from './timeline';

/** The day timeline's filters: a name search, 'working today' and one agent group ('' all, null no group). */
export type DayFilter = { search: string; workingOnly: boolean; group: string | null | '' };

export const NO_DAY_FILTER: DayFilter = { search: '', workingOnly: false, group: '' };

/** Whether the agent has a shift on the day that still stands (not canceled). */
export function worksOnDay(point: DataPoint, day: string, zone: string): boolean {
  return point.time_points.some(
    (item) =>
      item.type === 'shift' &&
      item.status !== 'canceled' &&
      item.status !== 'free_shift' &&
      touchesDay(item, day, zone),
  );
}

/** The agents the filters keep, in the order given. */
export function filterDayAgents(
  points: readonly DataPoint[],
  filter: DayFilter,
  day: string,
  zone: string,
): DataPoint[] {
  const search = filter.search.trim().toLocaleLowerCase('en');
  return points.filter(
    (point) =>
      (search === '' || point.name.toLocaleLowerCase('en').includes(search)) &&
      (filter.group === '' || point.agent_group === filter.group) &&
      (!filter.workingOnly || worksOnDay(point, day, zone)),
  );
}

/** The agent groups among the day's agents, by name; null stands for agents without a group. */
export function dayGroups(points: readonly DataPoint[]): (string | null)[] {
  const names = [...new Set(points.map((point) => point.agent_group))];
  return names.sort((a, b) => (a === null ? -1 : b === null ? 1 : a.localeCompare(b, 'en')));
}
