import { type CurrentUser, ROLE_NAMES, type Role } from '@shiftline/shared';

/** A signed-in user of `role` for component tests. */
export function fakeUser(role: Role, overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: 7,
    long_name: 'Ada Byron',
    first_name: 'Ada',
    second_name: 'Byron',
    role,
    role_name: ROLE_NAMES[role],
    avatar_url: null,
    email: 'ada@shiftline.test',
    extension: '1007',
    timezone: 'America/Toronto',
    agent_call_type: 'inbound',
    agent_group: { id: 3, name: 'Blue Team' },
    pay_rate: 1725,
    display_from: null,
    crm_id: null,
    rooms: [],
    must_change_password: false,
    ...overrides,
  };
}
