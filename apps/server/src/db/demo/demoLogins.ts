import type { Role } from '@shiftline/shared';

export const DEMO_PASSWORD = 'shiftline';

/** One sign-in per role, printed at the first start and listed in the README. */
export const DEMO_LOGINS: readonly { role: Role; email: string; firstName: string; secondName: string }[] = [
  { role: 'agent', email: 'agent@shiftline.test', firstName: 'Avery', secondName: 'Agent' },
  { role: 'team_lead', email: 'teamlead@shiftline.test', firstName: 'Taylor', secondName: 'Lead' },
  { role: 'agent_supervisor', email: 'agentsupervisor@shiftline.test', firstName: 'Sam', secondName: 'Supervisor' },
  { role: 'campaign_manager', email: 'campaignmanager@shiftline.test', firstName: 'Casey', secondName: 'Manager' },
  {
    role: 'schedule_supervisor',
    email: 'schedulesupervisor@shiftline.test',
    firstName: 'Skyler',
    secondName: 'Scheduler',
  },
  { role: 'administrator', email: 'admin@shiftline.test', firstName: 'Adrian', secondName: 'Admin' },
  { role: 'super_admin', email: 'superadmin@shiftline.test', firstName: 'Morgan', secondName: 'Root' },
  { role: 'company_supervisor', email: 'client@shiftline.test', firstName: 'Jordan', secondName: 'Client' },
];
