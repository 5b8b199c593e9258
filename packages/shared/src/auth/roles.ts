/** Role ids as stored in the database and sent over the API. */
export const ROLES = [
  'agent',
  'team_lead',
  'agent_supervisor',
  'campaign_manager',
  'schedule_supervisor',
  'administrator',
  'super_admin',
  'company_supervisor',
] as const;

export type Role = (typeof ROLES)[number];

export const ROLE_NAMES: Record<Role, string> = {
  agent: 'Agent',
  team_lead: 'Team Lead',
  agent_supervisor: 'Agent Supervisor',
  campaign_manager: 'Campaign Manager',
  schedule_supervisor: 'Schedule Supervisor',
  administrator: 'Administrator',
  super_admin: 'Super Admin',
  company_supervisor: 'Company Supervisor',
};

/** The spec's escalation hierarchy: agent, team lead, agent supervisor, campaign manager. */
export const ESCALATION_HIERARCHY: readonly Role[] = ['agent', 'team_lead', 'agent_supervisor', 'campaign_manager'];

/** Roles that get a star marker by the name in agent lists (operations spec: supervisors, team leads, campaign managers). */
export const STARRED_ROLES: readonly Role[] = ['team_lead', 'agent_supervisor', 'campaign_manager'];

/** Roles whose agent atoms carry a star on the supervisor calendar (scheduling spec: agent supervisors and team leads). */
export const CALENDAR_STARRED_ROLES: readonly Role[] = ['team_lead', 'agent_supervisor'];

/** Roles that take calls and appear in agent lists. */
export const CALL_TAKING_ROLES: readonly Role[] = ['agent', 'team_lead', 'agent_supervisor', 'campaign_manager'];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}
