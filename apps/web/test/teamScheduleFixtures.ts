import {
  aroundTheClock,
  type DataPoint,
  type DayHours,
  type ScheduleCampaign,
  type TeamMonth,
  type TeamSchedule,
  type WorkingHours,
} from '@shiftline/shared';

/** The team calendar's fixtures: a Tuesday far enough ahead that no time is in the past. */
export const TEAM_DAY = '2030-01-15';

type TimePoint = DataPoint['time_points'][number];

export function fakeTimePoint(
  id: number,
  startUtc: string,
  endUtc: string,
  status: TimePoint['status'],
  overrides: Partial<TimePoint> = {},
): TimePoint {
  return {
    id,
    type: 'shift',
    status,
    start: startUtc,
    end: endUtc,
    start_utc: startUtc,
    end_utc: endUtc,
    breaks: [],
    free_shift_id: null,
    ...overrides,
  };
}

export function fakeDataPoint(userId: number, name: string, overrides: Partial<DataPoint> = {}): DataPoint {
  return {
    user_id: userId,
    name,
    userUrl: `/schedule/users/${userId}`,
    user_avatar_url: null,
    role_name: 'Agent',
    starred: false,
    bg_color: { bg: '#dbeafe', text: '#1e3a8a' },
    count: 1,
    time_points: [],
    agent_type: 'inbound',
    agent_group: null,
    vacations: [],
    campaigns: [1],
    ...overrides,
  };
}

export function fakeTeamSchedule(): TeamSchedule {
  return {
    data_points: [
      fakeDataPoint(12, 'Bob Baker', {
        agent_group: 'Red Team',
        // 6 PM – 2 AM in Toronto: crosses midnight.
        time_points: [fakeTimePoint(202, '2030-01-15T23:00:00Z', '2030-01-16T07:00:00Z', 'pending')],
      }),
      fakeDataPoint(7, 'Ada Byron', {
        agent_group: 'Blue Team',
        role_name: 'Team Lead',
        starred: true,
        time_points: [fakeTimePoint(203, '2030-01-15T13:00:00Z', '2030-01-15T17:00:00Z', 'canceled')],
      }),
      fakeDataPoint(11, 'Alice Archer', {
        time_points: [
          fakeTimePoint(201, '2030-01-15T14:00:00Z', '2030-01-15T22:00:00Z', 'approved', {
            breaks: [
              { type: 'break', start_utc: '2030-01-15T16:00:00Z', end_utc: '2030-01-15T16:15:00Z' },
              { type: 'lunch', start_utc: '2030-01-15T18:00:00Z', end_utc: '2030-01-15T18:30:00Z' },
            ],
          }),
        ],
      }),
      fakeDataPoint(13, 'Cleo Cole', { agent_group: 'Blue Team' }),
    ],
    summary: {
      [TEAM_DAY]: { count_shifts: 1, count_vacations: 2 },
      '2030-01-16': { count_shifts: 0, count_vacations: 0 },
    },
    free_shifts: [
      {
        id: 31,
        start_utc: '2030-01-15T15:00:00Z',
        end_utc: '2030-01-15T19:00:00Z',
        campaigns: [1, 2],
        count_agents: 2,
        accepted: 1,
        breaks: [],
      },
    ],
  };
}

/** The month summary of the same centre: the team day above, and its night shift's second day. */
export function fakeTeamMonth(): TeamMonth {
  const agent = (userId: number, name: string, starred = false) => ({
    user_id: userId,
    name,
    user_avatar_url: null,
    role_name: starred ? 'Team Lead' : 'Agent',
    starred,
    bg_color: { bg: '#dbeafe', text: '#1e3a8a' },
  });
  return {
    days: {
      // Ada (starred) first, then by name; Cleo is the fourth agent of the day.
      [TEAM_DAY]: { count_shifts: 1, pending_ids: [202], count_vacations: 2, headcount: 4, atoms: [7, 11, 12] },
      '2030-01-16': { count_shifts: 0, pending_ids: [], count_vacations: 0, headcount: 1, atoms: [12] },
    },
    agents: {
      7: agent(7, 'Ada Byron', true),
      11: agent(11, 'Alice Archer'),
      12: agent(12, 'Bob Baker'),
    },
    pending_ids: [202],
  };
}

const everyDay = (zone: string, day: DayHours): WorkingHours => ({
  time_zone: zone,
  weekly: Array(7).fill(day),
  holidays: [],
});

export function fakeScheduleCampaigns(): ScheduleCampaign[] {
  return [
    {
      id: 1,
      name: 'Daytime Sales',
      users: [11, 12],
      // 09:00–17:00 Toronto: 14:00–22:00 UTC in January.
      working_hours: everyDay('America/Toronto', { open: '09:00', close: '17:00' }),
      shifts: [
        {
          id: 201,
          user_id: 11,
          status: 'approved',
          start_utc: '2030-01-15T14:00:00Z',
          end_utc: '2030-01-15T22:00:00Z',
        },
      ],
    },
    {
      // 10 PM – 8 AM in Toronto: a night window.
      id: 2,
      name: 'After-Hours Support',
      users: [12],
      working_hours: everyDay('America/Toronto', { open: '22:00', close: '08:00' }),
      shifts: [],
    },
    { id: 3, name: 'No Window', users: [], working_hours: aroundTheClock('America/Toronto'), shifts: [] },
  ];
}

export const FAKE_CAMPAIGNS = [
  { id: 1, name: 'Daytime Sales' },
  { id: 2, name: 'After-Hours Support' },
  { id: 3, name: 'No Window' },
].map((campaign) => ({
  ...campaign,
  unique_name: campaign.name.toLowerCase().replaceAll(' ', '_'),
  type: 'inbound' as const,
  archived: false,
  active: true,
  company: null,
  working_hours: aroundTheClock('America/Toronto'),
  agents_count: 2,
}));
