import { describe, expect, it } from 'vitest';
import {
  ACTIONS,
  can,
  ESCALATION_HIERARCHY,
  isPublicAction,
  PERMISSIONS,
  ROLE_NAMES,
  ROLES,
  STARRED_ROLES,
} from '../src/index.js';

describe('permission table', () => {
  it('names only known roles, and no action is open to nobody', () => {
    for (const action of ACTIONS) {
      const allowed = PERMISSIONS[action];
      if (allowed === 'public') continue;
      expect(allowed.length, action).toBeGreaterThan(0);
      for (const role of allowed) expect(ROLES, action).toContain(role);
    }
  });

  it('lets anonymous visitors do public actions only', () => {
    for (const action of ACTIONS) expect(can(null, action), action).toBe(isPublicAction(action));
  });

  it("keeps the spec's role rules", () => {
    expect(ROLES.filter((role) => can(role, 'campaigns.toggle_agent'))).toEqual([
      'schedule_supervisor',
      'administrator',
      'super_admin',
    ]);
    expect(ROLES.filter((role) => can(role, 'topbar.cad_rate'))).toEqual(['schedule_supervisor', 'administrator']);
    expect(ROLES.filter((role) => can(role, 'profile.edit'))).toEqual([
      'schedule_supervisor',
      'administrator',
      'super_admin',
    ]);
    for (const role of ROLES) {
      expect(can(role, 'profile.change_password')).toBe(true);
      expect(can(role, 'profile.logout')).toBe(true);
    }
    expect(can('agent', 'agents.list')).toBe(false);
    expect(ESCALATION_HIERARCHY).toEqual(['agent', 'team_lead', 'agent_supervisor', 'campaign_manager']);
    expect(STARRED_ROLES).toEqual(['team_lead', 'agent_supervisor', 'campaign_manager']);
    expect(ROLE_NAMES.company_supervisor).toBe('Company Supervisor');
  });
});
