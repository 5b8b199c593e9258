import { CALL_TAKING_ROLES, ROLES, type Role } from './roles.js';

// Who may do what. Every API route names one of these actions; the web uses the same table to show controls.

/** The centre's staff: every role but the agent and the client portal's company supervisor, in ROLES' order. */
const STAFF: readonly Role[] = ROLES.filter((role) => role !== 'agent' && role !== 'company_supervisor');
const WITH_SCHEDULE: readonly Role[] = ['agent', ...STAFF];
const EVERY_SIGNED_IN: readonly Role[] = ROLES;

export const PERMISSIONS = {
  /** Signing in is open to anyone. */
  'auth.login': 'public',
  'auth.me': EVERY_SIGNED_IN,
  'profile.logout': EVERY_SIGNED_IN,
  'profile.change_password': EVERY_SIGNED_IN,
  /** Every user picks the time zone the product shows times in. */
  'profile.set_timezone': EVERY_SIGNED_IN,
  'profile.check_crm_id': EVERY_SIGNED_IN,
  /** The spec's Profile Settings button. */
  'profile.edit': ['schedule_supervisor', 'administrator', 'super_admin'],
  /** The CAD rate field in the top bar. */
  'topbar.cad_rate': ['schedule_supervisor', 'administrator'],
  'agents.list': [...STAFF, 'company_supervisor'],
  'agent_groups.list': [...STAFF, 'company_supervisor'],
  'campaigns.list': EVERY_SIGNED_IN,
  'campaign_lists.list': [...STAFF, 'company_supervisor'],
  'campaigns.user_popup': STAFF,
  'campaigns.toggle_agent': ['super_admin', 'administrator', 'schedule_supervisor'],
  'companies.check_active_outbound_campaigns': ['administrator', 'super_admin'],
  'users.force_logout': ['administrator', 'super_admin'],
  /** Administration: users, agent groups, campaigns, campaign lists, companies and their portal users. */
  'admin.manage': ['administrator', 'super_admin'],
  /** Everyone with a personal schedule: all roles but the client portal. */
  'schedule.view_own': WITH_SCHEDULE,
  'schedule.edit_own': WITH_SCHEDULE,
  /** Viewing and planning another user's schedule, and managing any shift, belong to the schedule supervisor. */
  'schedule.manage': ['schedule_supervisor'],
  /** The supervisor calendar: everyone; non-approved shifts only for the roles in SEES_UNAPPROVED_SHIFTS. */
  'schedule.view_team': EVERY_SIGNED_IN,
  'schedule.planner': WITH_SCHEDULE,
  'free_shifts.view': WITH_SCHEDULE,
  /** Requesting days off and asking to cancel them. */
  'vacations.request': WITH_SCHEDULE,
  'notifications.use': EVERY_SIGNED_IN,
  /** Call statistics: every role; agents see their own campaigns, the client portal its company's (row rules). */
  'dashboards.calls': EVERY_SIGNED_IN,
  /** The last-month graph and the stats-source selector are not shown to the client portal (spec §6). */
  'dashboards.last_month': WITH_SCHEDULE,
  'dashboards.stats_sources': WITH_SCHEDULE,
  /** What clients are billed: money is for administrators only (spec §6). */
  'dashboards.money': ['administrator', 'super_admin'],
  /** Per-agent call records on the dashboards: staff and the client portal (its company's campaigns only). */
  'dashboards.agent_records': [...STAFF, 'company_supervisor'],
  /** Productivity: everyone with work time; an agent only their own. */
  'productivity.view': WITH_SCHEDULE,
  /** Seeing other agents' pay on the productivity cards; every agent sees their own. */
  'productivity.pay_others': ['administrator', 'super_admin'],
  /** A live status (the top bar's menu) and the calls that come with it: roles that take calls (spec §2.7). */
  'status.use': CALL_TAKING_ROLES,
  'calls.handle': CALL_TAKING_ROLES,
  /** Picking up a queued call: team lead, agent supervisor and campaign manager only (spec §5). */
  'calls.pickup': ['team_lead', 'agent_supervisor', 'campaign_manager'],
  'calls.server_time': EVERY_SIGNED_IN,
  /**
   * Playing and downloading calls' recordings: Super Admin, Administrator, Agent Supervisor and Campaign Manager any
   * call's, an agent their own where the campaign allows it (hearsRecording decides per recording).
   */
  'calls.recordings': ['agent', 'agent_supervisor', 'campaign_manager', 'administrator', 'super_admin'],
  /** Placing and hanging up test callers on the simulated phone network (demo and tests). */
  'calls.simulate': ['administrator', 'super_admin'],
  /** Which campaign a number belongs to: staff, and the telephony adapter's own account. */
  'calls.campaign_by_phone': [...STAFF, 'agent'],
  /** The live floor (agent state report, campaign status, wallboard): the centre's staff; not agents, not clients. */
  'supervision.view': STAFF,
  /** The cold-calls table (spec §2): roles that take calls; agents see their own outbound campaigns' leads. */
  'cold_calls.view': CALL_TAKING_ROLES,
  /** Taking a lead and dialling it (POST /api/inquiries/cold_call and the lead calls). */
  'cold_calls.call': CALL_TAKING_ROLES,
  /** The softphone's SIP server and credentials (spec §7 Settings); null credentials for users without an extension. */
  'settings.get': EVERY_SIGNED_IN,
  /** The call log (spec §2.8 tables): every role; agents their own calls, the client portal its company's. */
  'tables.call_log': EVERY_SIGNED_IN,
  /** The audit log of every change: administrators. */
  'tables.audit_log': ['administrator', 'super_admin'],
  /** GET /api/get_edit_table_row_data: open to all; each form then checks its own action. */
  'tables.edit_row': EVERY_SIGNED_IN,
  /** Login report (sessions): every role with work time; agents their own sessions, staff every listed agent's. */
  'tables.login_report': WITH_SCHEDULE,
  /** Performance breakdown (time per category per agent-day): as the login report. */
  'tables.performance_breakdown': WITH_SCHEDULE,
  /** Correcting recorded work time (login sessions, the performance breakdown): who pays agents for it. */
  'tables.edit_work_time': ['schedule_supervisor', 'administrator', 'super_admin'],
  /** The agents table: the centre's staff. */
  'tables.agents': STAFF,
  /** Enabling, disabling, archiving an agent and resetting their password. */
  'agents.manage': ['administrator', 'super_admin'],
  /** The SIP server's questions to the app: no session; the routes check the shared secret themselves. */
  'telephony.sip': 'public',
} as const satisfies Record<string, 'public' | readonly Role[]>;

export type Action = keyof typeof PERMISSIONS;

export const ACTIONS = Object.keys(PERMISSIONS) as Action[];

export function isPublicAction(action: Action): boolean {
  return PERMISSIONS[action] === 'public';
}

/** True when a user of `role` (or an anonymous visitor when `role` is null) may perform `action`. */
export function can(role: Role | null, action: Action): boolean {
  const allowed = PERMISSIONS[action];
  if (allowed === 'public') return true;
  if (role === null) return false;
  return (allowed as readonly Role[]).includes(role);
}

/** Supervisor timeline: non-approved points are visible only to these roles (spec §6). */
export const SEES_UNAPPROVED_SHIFTS: readonly Role[] = [
  'schedule_supervisor',
  'campaign_manager',
  'agent_supervisor',
  'team_lead',
  'administrator',
  'super_admin',
];
