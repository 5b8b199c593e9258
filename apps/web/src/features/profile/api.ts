import type { ChangePasswordBody, EditProfileBody, TimeZoneId } from '@shiftline/shared';
import { http } from '../../lib/http';
import { queryKeys } from '../../lib/queryKeys';

/** The profile form as the server sends and saves it. */
export type ProfileForm = {
  first_name: string;
  second_name: string;
  email: string;
  extension: string | null;
  avatar_url: string | null;
};

export const profileFormQueryKey = queryKeys.profileForm;

export const profileApi = {
  changePassword: (body: ChangePasswordBody) => http.post<{ status: 'ok' }>('/api/profile/change_password', body),
  profileForm: () => http.get<ProfileForm>('/api/profile/edit_profile'),
  saveProfile: (body: EditProfileBody) => http.post<ProfileForm>('/api/profile/edit_profile', body),
  setTimezone: (timezone: TimeZoneId) => http.post<{ status: 'ok' }>('/api/profile/timezone', { timezone }),
  checkCrmId: () => http.get<{ message: string | null }>('/api/profile/check_crm_id'),
};
