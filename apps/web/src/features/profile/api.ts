import type { ChangePasswordBody, CrmIdCheck, EditProfileBody, Ok, ProfileForm, TimeZoneId } from '@shiftline/shared';
import { http } from '../../lib/http';
import { queryKeys } from '../../lib/queryKeys';

export const profileFormQueryKey = queryKeys.profileForm;

export const profileApi = {
  changePassword: (body: ChangePasswordBody) => http.post<Ok>('/api/profile/change_password', body),
  profileForm: () => http.get<ProfileForm>('/api/profile/edit_profile'),
  saveProfile: (body: EditProfileBody) => http.post<ProfileForm>('/api/profile/edit_profile', body),
  setTimezone: (timezone: TimeZoneId) => http.post<Ok>('/api/profile/timezone', { timezone }),
  checkCrmId: () => http.get<CrmIdCheck>('/api/profile/check_crm_id'),
};
