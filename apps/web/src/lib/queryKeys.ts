/**
 * Every query key of the app, by feature. Keys of one area share a head ('schedule', 'team-schedule', …), so a
 * change stales a whole area with one prefix; which change stales which keys is decided in cacheRefresh.ts only.
 */

/** A period as UTC instants (a calendar's month or day). */
type Period = { startUtc: string; endUtc: string };

/** The team calendar's campaign filter as the API takes it: sorted ids, comma-separated (none: every campaign). */
export const campaignParam = (campaigns: readonly number[]) =>
  campaigns.length > 0 ? [...campaigns].sort((a, b) => a - b).join(',') : undefined;

const schedule = {
  all: ['schedule'] as const,
  /** Every period of one user's calendar. */
  user: (userId: number) => ['schedule', 'user', userId] as const,
  period: (userId: number, period: Period) => ['schedule', 'user', userId, period.startUtc, period.endUtc] as const,
  unsentCount: ['schedule', 'unsent-count'] as const,
};

export const queryKeys = {
  session: ['session'] as const,
  profileForm: ['profile', 'form'] as const,
  crmCheck: (userId: number) => ['profile', 'crm-check', userId] as const,
  schedule,
  /** Under the schedule head: any change to shifts refreshes the home lists too. */
  home: {
    myWork: ['schedule', 'home', 'my-work'] as const,
    toApprove: ['schedule', 'home', 'to-approve'] as const,
  },
  teamSchedule: {
    all: ['team-schedule'] as const,
    months: ['team-schedule', 'month'] as const,
    month: (period: Period, campaigns: readonly number[]) =>
      ['team-schedule', 'month', period.startUtc, period.endUtc, campaignParam(campaigns) ?? ''] as const,
    days: ['team-schedule', 'day'] as const,
    day: (day: Period, campaigns: readonly number[]) =>
      ['team-schedule', 'day', day.startUtc, day.endUtc, campaignParam(campaigns) ?? ''] as const,
    campaignsAll: ['team-schedule', 'campaigns'] as const,
    campaigns: (period: Period) => ['team-schedule', 'campaigns', period.startUtc, period.endUtc] as const,
    planner: (user: number | undefined) => ['team-schedule', 'planner', user ?? 'self'] as const,
  },
  daysOff: {
    all: ['daysOff'] as const,
    list: (status: string | null, page: number) => ['daysOff', status ?? 'all', page] as const,
  },
  notifications: {
    list: ['notifications'] as const,
  },
  /** The signed-in agent's live status, and the server clock's offset its timer runs on. */
  status: {
    current: ['status', 'current'] as const,
    serverOffset: ['status', 'server-offset'] as const,
  },
  calls: {
    forUser: ['calls', 'for-user'] as const,
    call: (id: number) => ['calls', 'call', id, 'data'] as const,
    dispositions: (id: number) => ['calls', 'call', id, 'dispositions'] as const,
    sales: (id: number) => ['calls', 'call', id, 'sales'] as const,
    recordings: (id: number) => ['calls', 'call', id, 'recordings'] as const,
    liveRecording: (id: number) => ['calls', 'call', id, 'live-recording'] as const,
    operators: (id: number, role: string) => ['calls', 'call', id, 'operators', role] as const,
    products: (callId: number) => ['calls', 'products', callId] as const,
  },
  /** The softphone's SIP settings and credentials (GET /api/settings/get_settings). */
  softphone: {
    settings: ['softphone', 'settings'] as const,
  },
  dashboards: {
    /** Call records of a range: the cards, charts and Today at-a-Glance. */
    records: ['dashboards', 'records'] as const,
    /** The leads of Person Sales. */
    salesLeads: ['dashboards', 'sales-leads'] as const,
  },
  agents: {
    all: ['agents'] as const,
    list: (campaign: number | undefined) => ['agents', { campaign }] as const,
    daysOffPicker: ['agents', 'days-off-picker'] as const,
    campaignsOf: (userId: number) => ['agents', userId, 'campaigns'] as const,
    groups: ['agent-groups'] as const,
    /** One agent's campaigns with their enabled state (the campaigns dialog). */
    campaignToggles: (userId: number) => ['agent-campaigns', userId] as const,
  },
  /** The live floor (agent state report, campaign status, wallboard) and the campaigns report. */
  supervision: {
    /** Every live snapshot: what changes when agents' campaigns are switched. */
    live: ['supervision', 'live'] as const,
    agentState: (campaigns: readonly number[], callType: string | null) =>
      ['supervision', 'live', 'agent-state', campaignParam(campaigns) ?? '', callType ?? ''] as const,
    campaignStatus: (campaigns: readonly number[], callType: string | null, zone: string) =>
      ['supervision', 'live', 'campaign-status', campaignParam(campaigns) ?? '', callType ?? '', zone] as const,
    wallboard: (campaigns: readonly number[], zone: string) =>
      ['supervision', 'live', 'wallboard', campaignParam(campaigns) ?? '', zone] as const,
    campaignsReport: (start: number, end: number, zone: string) =>
      ['supervision', 'campaigns-report', start, end, zone] as const,
  },
  campaigns: {
    all: ['campaigns'] as const,
    list: (type: string | undefined) => ['campaigns', type ?? 'all'] as const,
    activeNotice: ['campaigns', 'active-notice'] as const,
  },
};
