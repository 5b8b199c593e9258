import type {
  AdminCampaign,
  AdminCampaignList,
  AdminCompany,
  AdminCreated,
  AdminOptions,
  AdminTrunk,
  AdminUser,
  AgentGroupBody,
  CampaignBody,
  CampaignListBody,
  CampaignNumberBody,
  CampaignNumbers,
  CampaignNumberTrunkBody,
  CompanyBody,
  CreateUserBody,
  DeskPhone,
  DeskPhoneBody,
  DeskPhoneCreated,
  DoNotCallAdded,
  DoNotCallBody,
  EditUserBody,
  Ok,
  TrunkBody,
} from '@shiftline/shared';
import { http } from '../../lib/http';

/** The administration's calls (apps/server/src/features/admin); its lists are the admin_* server tables. */
export const adminApi = {
  options: () => http.get<AdminOptions>('/api/admin/options'),
  user: (id: number) => http.get<AdminUser>(`/api/admin/users/${id}`),
  createUser: (body: CreateUserBody) => http.post<AdminCreated>('/api/admin/users', body),
  editUser: (id: number, body: EditUserBody) => http.post<Ok>(`/api/admin/users/${id}`, body),
  resetPassword: (id: number) =>
    http.post<{ status: 'ok'; temporary_password: string }>(`/api/admin/users/${id}/reset_password`, {}),
  createGroup: (body: AgentGroupBody) => http.post<AdminCreated>('/api/admin/agent_groups', body),
  renameGroup: (id: number, body: AgentGroupBody) => http.post<Ok>(`/api/admin/agent_groups/${id}`, body),
  campaign: (id: number) => http.get<AdminCampaign>(`/api/admin/campaigns/${id}`),
  createCampaign: (body: CampaignBody) => http.post<AdminCreated>('/api/admin/campaigns', body),
  editCampaign: (id: number, body: CampaignBody) => http.post<Ok>(`/api/admin/campaigns/${id}`, body),
  campaignNumbers: (id: number) => http.get<CampaignNumbers>(`/api/admin/campaigns/${id}/numbers`),
  addCampaignNumber: (id: number, body: CampaignNumberBody) =>
    http.post<Ok>(`/api/admin/campaigns/${id}/numbers`, body),
  setCampaignNumberTrunk: (id: number, phone: string, body: CampaignNumberTrunkBody) =>
    http.post<Ok>(`/api/admin/campaigns/${id}/numbers/${encodeURIComponent(phone)}`, body),
  removeCampaignNumber: (id: number, phone: string) =>
    http.post<Ok>(`/api/admin/campaigns/${id}/numbers/${encodeURIComponent(phone)}/delete`),
  campaignList: (id: number) => http.get<AdminCampaignList>(`/api/admin/campaign_lists/${id}`),
  createCampaignList: (body: CampaignListBody) => http.post<AdminCreated>('/api/admin/campaign_lists', body),
  editCampaignList: (id: number, body: CampaignListBody) => http.post<Ok>(`/api/admin/campaign_lists/${id}`, body),
  company: (id: number) => http.get<AdminCompany>(`/api/admin/companies/${id}`),
  createCompany: (body: CompanyBody) => http.post<AdminCreated>('/api/admin/companies', body),
  editCompany: (id: number, body: CompanyBody) => http.post<Ok>(`/api/admin/companies/${id}`, body),
  trunk: (id: number) => http.get<AdminTrunk>(`/api/admin/trunks/${id}`),
  createTrunk: (body: TrunkBody) => http.post<AdminCreated>('/api/admin/trunks', body),
  editTrunk: (id: number, body: TrunkBody) => http.post<Ok>(`/api/admin/trunks/${id}`, body),
  deskPhones: (userId: number) => http.get<{ devices: DeskPhone[] }>(`/api/admin/users/${userId}/desk_phones`),
  addDeskPhone: (userId: number, body: DeskPhoneBody) =>
    http.post<DeskPhoneCreated>(`/api/admin/users/${userId}/desk_phones`, body),
  revokeDeskPhone: (id: number) => http.post<Ok>(`/api/admin/desk_phones/${id}/delete`),
  addDoNotCall: (body: DoNotCallBody) => http.post<DoNotCallAdded>('/api/admin/blocked_numbers', body),
};
