import { can } from '../auth/permissions.js';
import type { Role } from '../auth/roles.js';

/** Roles that may read any call's data (they pick calls up and watch the floor), besides the call's own agent. */
export const READS_ANY_CALL: readonly Role[] = [
  'team_lead',
  'agent_supervisor',
  'campaign_manager',
  'administrator',
  'super_admin',
];

/** Whether a viewer can open a call's page: a role that handles calls, on its own call or as a supervising role. */
export const opensCallPage = (viewer: { id: number; role: Role }, callAgentId: number | null): boolean =>
  can(viewer.role, 'calls.handle') && (callAgentId === viewer.id || READS_ANY_CALL.includes(viewer.role));
