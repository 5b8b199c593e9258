import { aroundTheClock, type DayHours, type WorkingHours } from '@shiftline/shared';
import { describe, expect, it } from 'vitest';
import {
  type DayFilter,
  dayGroups,
  filterDayAgents,
  NO_DAY_FILTER,
} from '../src/features/teamSchedule/utils/dayFilter';
import { daySummaryText } from '../src/features/teamSchedule/utils/daySummary';
import { detailRows } from '../src/features/teamSchedule/utils/detailRows';
import { agentSections } from '../src/features/teamSchedule/utils/groups';
import { dateFromHash, hashWithDate } from '../src/features/teamSchedule/utils/hashDate';
import { assignLanes } from '../src/features/teamSchedule/utils/lanes';
import { monthAtomEvents } from '../src/features/teamSchedule/utils/monthEvents';
import { dayWithShiftStatus, monthWithoutPending } from '../src/features/teamSchedule/utils/patchTeamCache';
import { draftToModule, ruleTextToDraft } from '../src/features/teamSchedule/utils/plannerModules';
import { HOUR_LABELS, spanOnDay } from '../src/features/teamSchedule/utils/timeline';
import { workWindowBars, workWindowText } from '../src/features/teamSchedule/utils/workWindow';
import { fakeTeamMonth, fakeTeamSchedule, TEAM_DAY } from './teamScheduleFixtures';

const ZONE = 'America/Toronto';

describe('the 24-hour timeline', () => {
  it('labels the hours 12 AM through 11 PM with Noon at 12', () => {
    expect(HOUR_LABELS).toHaveLength(24);
    expect(HOUR_LABELS.slice(0, 3)).toEqual(['12 AM', '1 AM', '2 AM']);
    expect(HOUR_LABELS[11]).toBe('11 AM');
    expect(HOUR_LABELS[12]).toBe('Noon');
    expect(HOUR_LABELS[13]).toBe('1 PM');
    expect(HOUR_LABELS[23]).toBe('11 PM');
  });

  it('places a shift in the viewer’s zone and clips one crossing midnight to the day', () => {
    // 9 AM – 5 PM in Toronto.
    expect(spanOnDay(Date.parse('2030-01-15T14:00:00Z'), Date.parse('2030-01-15T22:00:00Z'), TEAM_DAY, ZONE)).toEqual({
      from: 9 * 60,
      to: 17 * 60,
    });
    // 6 PM – 2 AM: this day keeps 6 PM to midnight, the next day midnight to 2 AM.
    const start = Date.parse('2030-01-15T23:00:00Z');
    const end = Date.parse('2030-01-16T07:00:00Z');
    expect(spanOnDay(start, end, TEAM_DAY, ZONE)).toEqual({ from: 18 * 60, to: 24 * 60 });
    expect(spanOnDay(start, end, '2030-01-16', ZONE)).toEqual({ from: 0, to: 2 * 60 });
    expect(spanOnDay(start, end, '2030-01-17', ZONE)).toBeNull();
  });
});

describe('campaign working hours on the timeline (local hours in the campaign zone, drawn in the viewer zone)', () => {
  const everyDay = (zone: string, day: DayHours | null, holidays: WorkingHours['holidays'] = []): WorkingHours => ({
    time_zone: zone,
    weekly: Array(7).fill(day),
    holidays,
  });

  it('draws a night window as a night shift in two bars: its end in the morning, its start in the evening', () => {
    const night = everyDay(ZONE, { open: '22:00', close: '08:00' });
    expect(workWindowBars(night, TEAM_DAY, ZONE)).toEqual([
      { from: 0, to: 8 * 60 },
      { from: 22 * 60, to: 24 * 60 },
    ]);
    expect(workWindowText(night, TEAM_DAY, ZONE)).toBe('10:00 PM – 8:00 AM (night)');
  });

  it("moves another zone's hours by the offsets of the day (Phoenix keeps no daylight saving)", () => {
    const phoenix = everyDay('America/Phoenix', { open: '09:00', close: '17:00' });
    expect(workWindowBars(phoenix, TEAM_DAY, ZONE)).toEqual([{ from: 11 * 60, to: 19 * 60 }]);
    expect(workWindowBars(phoenix, '2030-07-15', ZONE)).toEqual([{ from: 12 * 60, to: 20 * 60 }]);
    expect(workWindowText(phoenix, TEAM_DAY, ZONE)).toBe('11:00 AM – 7:00 PM');
  });

  it('shows closed days and holidays without a bar, and a whole day as one bar', () => {
    const holiday = everyDay(ZONE, { open: '09:00', close: '17:00' }, [{ date: TEAM_DAY, name: 'Founders Day' }]);
    expect(workWindowBars(holiday, TEAM_DAY, ZONE)).toEqual([]);
    expect(workWindowText(holiday, TEAM_DAY, ZONE)).toBe('Closed (Founders Day)');
    expect(workWindowText(everyDay(ZONE, null), TEAM_DAY, ZONE)).toBe('Closed');
    expect(workWindowBars(aroundTheClock(ZONE), TEAM_DAY, ZONE)).toEqual([{ from: 0, to: 24 * 60 }]);
    // The spring change day has 23 hours; open all of it is still the whole timeline.
    expect(workWindowBars(aroundTheClock(ZONE), '2030-03-10', ZONE)).toEqual([{ from: 0, to: 24 * 60 }]);
    expect(workWindowText(aroundTheClock(ZONE), TEAM_DAY, ZONE)).toBe('Open 24 hours');
  });

  it('stacks overlapping campaign shifts in lanes', () => {
    const lanes = assignLanes([
      { id: 1, span: { from: 0, to: 100 } },
      { id: 2, span: { from: 50, to: 150 } },
      { id: 3, span: { from: 100, to: 200 } },
    ]);
    expect(lanes.map(({ item, lane }) => [item.id, lane])).toEqual([
      [1, 0],
      [2, 1],
      [3, 0],
    ]);
  });
});

describe('agent groups in the details panel', () => {
  it('puts open free shifts first, then agents without a group, then the groups by name', () => {
    const schedule = fakeTeamSchedule();
    const sections = agentSections(schedule.data_points, schedule.free_shifts);
    expect(sections.map((section) => section.key)).toEqual(['free_shifts', 'ungrouped', 'Blue Team', 'Red Team']);
    const blue = sections[2];
    expect(blue?.kind === 'group' ? blue.agents.map((agent) => agent.name) : []).toEqual(['Ada Byron', 'Cleo Cole']);
  });

  it('leaves out free shifts every agent already took', () => {
    const schedule = fakeTeamSchedule();
    const full = schedule.free_shifts.map((freeShift) => ({ ...freeShift, accepted: freeShift.count_agents }));
    expect(agentSections(schedule.data_points, full)[0]?.key).toBe('ungrouped');
  });
});

describe('the month grid', () => {
  it('labels a day with its pending shifts and days off, zeros hidden', () => {
    expect(daySummaryText({ count_shifts: 3, count_vacations: 1 })).toBe('3 pending · 1 off');
    expect(daySummaryText({ count_shifts: 0, count_vacations: 2 })).toBe('2 off');
    expect(daySummaryText({ count_shifts: 0, count_vacations: 0 })).toBe('');
    expect(daySummaryText(undefined)).toBe('');
  });

  // Which days a night shift touches and who is starred is counted by the server (get_month_summary's test).
  it('shows one atom per agent and day worked, a night shift on both days, starred roles first', () => {
    const events = monthAtomEvents(fakeTeamMonth()).filter((event) => String(event.id).startsWith('atom-'));
    expect(events.map((event) => event.id).sort()).toEqual([
      'atom-11-2030-01-15',
      'atom-12-2030-01-15',
      'atom-12-2030-01-16',
      'atom-7-2030-01-15',
    ]);
    const order = (id: string) => events.find((event) => event.id === id)?.extendedProps?.order as number;
    expect(order('atom-7-2030-01-15') < order('atom-11-2030-01-15')).toBe(true);
  });

  it('collects the pending shifts for Approve All, and an approval takes them out of the month and the day', () => {
    expect(fakeTeamMonth().pending_ids).toEqual([202]);
    const month = monthWithoutPending(fakeTeamMonth(), new Set([202]));
    expect(month.pending_ids).toEqual([]);
    expect(month.days[TEAM_DAY]).toMatchObject({ count_shifts: 0, pending_ids: [], headcount: 4 });
    const loaded = fakeTeamSchedule();
    const day = dayWithShiftStatus(loaded, new Set([202]), 'approved');
    const bob = day.data_points.find((point) => point.user_id === 12);
    expect(bob?.time_points.map((item) => item.status)).toEqual(['approved']);
    // What the approval did not touch stays the same object, so React redraws only what changed.
    expect(day.data_points[2]).toBe(loaded.data_points[2]);
    expect(monthWithoutPending(month, new Set([202]))).toBe(month);
    expect(dayWithShiftStatus(loaded, new Set([999]), 'approved')).toBe(loaded);
  });
});

describe('the day timeline filters', () => {
  const points = fakeTeamSchedule().data_points;
  const ids = (filter: Partial<DayFilter>) =>
    filterDayAgents(points, { ...NO_DAY_FILTER, ...filter }, TEAM_DAY, ZONE).map((point) => point.user_id);

  it('finds agents by name, by group, and those working today', () => {
    expect(ids({})).toEqual([12, 7, 11, 13]);
    expect(ids({ search: '  ALI ' })).toEqual([11]);
    expect(ids({ group: 'Blue Team' })).toEqual([7, 13]);
    expect(ids({ group: null })).toEqual([11]);
    // Ada's shift is canceled and Cleo has none: neither works today.
    expect(ids({ workingOnly: true })).toEqual([12, 11]);
    expect(ids({ workingOnly: true, group: 'Blue Team' })).toEqual([]);
    expect(dayGroups(points)).toEqual([null, 'Blue Team', 'Red Team']);
  });

  it('lists a header per section and the rows of open sections only', () => {
    const sections = agentSections(points, []);
    const rows = detailRows(sections, new Set(['Blue Team']));
    expect(
      rows.map((row) => (row.kind === 'header' ? row.section.key : row.kind === 'agent' ? row.point.user_id : 0)),
    ).toEqual(['ungrouped', 11, 'Blue Team', 'Red Team', 12]);
  });
});

describe('the hash date', () => {
  it('reads and writes the date parameter', () => {
    expect(dateFromHash('#date=2026-11-23')).toBe('2026-11-23');
    expect(dateFromHash('#date=2026-02-30')).toBeNull();
    expect(dateFromHash('')).toBeNull();
    expect(hashWithDate('#tab=x', '2026-11-23')).toBe('#tab=x&date=2026-11-23');
  });
});

describe('planner time modules', () => {
  it('turns a dialog module into the shared module and a saved rule back into a module', () => {
    const draft = {
      start: Date.parse('2030-01-15T14:00:00Z'),
      end: Date.parse('2030-01-15T22:00:00Z'),
      breaks: [{ type: 'break' as const, start: Date.parse('2030-01-15T16:00:00Z') }],
    };
    expect(draftToModule(draft, TEAM_DAY, ZONE, null)).toMatchObject({
      startDate: TEAM_DAY,
      endDate: TEAM_DAY,
      start: '09:00',
      end: '17:00',
      breaks: [{ type: 'break', start: '11:00', date: TEAM_DAY }],
    });
    const back = ruleTextToDraft('0 9 MO,WE/2 480 b+120,l+225', TEAM_DAY, ZONE);
    expect(back?.draft.start).toBe(draft.start);
    expect(back?.draft.end).toBe(draft.end);
    expect(back?.repeats).toEqual({ typeInterval: 'week', interval: 2, days: ['Mo', 'We'] });
    expect(ruleTextToDraft('nonsense', TEAM_DAY, ZONE)).toBeNull();
  });
});
