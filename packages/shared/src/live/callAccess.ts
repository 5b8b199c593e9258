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

/** Roles that may play and download any call's recording (issue 24): the rest hear none, agents only as below. */
export const HEARS_ANY_RECORDING: readonly Role[] = [
  'agent_supervisor',
  'campaign_manager',
  'administrator',
  'super_admin',
];

/**
 * Whether a viewer may play a recording: the roles above any, an agent the recordings of their own part of a call
 * when its campaign lets agents hear theirs.
 */
export const hearsRecording = (
  viewer: { id: number; role: Role },
  recording: { agent_id: number | null; agents_hear_own: boolean },
): boolean =>
  HEARS_ANY_RECORDING.includes(viewer.role) ||
  (viewer.role === 'agent' && recording.agents_hear_own && recording.agent_id === viewer.id);
