import { type CurrentUser, campaignRoom, ROLE_NAMES, roleRoom, type TimeZoneId, userRoom } from '@shiftline/shared';
import type { UserRow } from '../../db/schema.js';
import type { UsersRepository } from './users.repository.js';

export const longName = (user: Pick<UserRow, 'first_name' | 'second_name'>) => `${user.first_name} ${user.second_name}`;

/** The rooms a user's sockets join: their own, their role's and each enabled campaign's. */
export async function roomsOf(users: UsersRepository, user: UserRow): Promise<string[]> {
  const campaigns = await users.enabledCampaignIds(user.id);
  return [userRoom(user.id), roleRoom(user.role), ...campaigns.map(campaignRoom)];
}

/** What GET /api/auth/me returns about the signed-in user. */
export async function describeCurrentUser(users: UsersRepository, user: UserRow): Promise<CurrentUser> {
  const groupName = await users.findGroupName(user.agent_group_id);
  return {
    id: user.id,
    long_name: longName(user),
    first_name: user.first_name,
    second_name: user.second_name,
    role: user.role,
    role_name: ROLE_NAMES[user.role],
    avatar_url: user.avatar_url,
    email: user.email,
    extension: user.extension,
    timezone: user.timezone as TimeZoneId,
    agent_call_type: user.agent_call_type,
    agent_group: user.agent_group_id !== null && groupName ? { id: user.agent_group_id, name: groupName } : null,
    pay_rate: user.pay_rate_cents,
    display_from: user.display_from ? user.display_from.toISOString() : null,
    crm_id: user.crm_id,
    rooms: await roomsOf(users, user),
    must_change_password: user.must_change_password,
  };
}
