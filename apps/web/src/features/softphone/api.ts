import type {
  CallData,
  CurrentStatusInfo,
  EndCallBody,
  FlowStatus,
  SetNewStatusBody,
  SoftphoneSettings,
} from '@shiftline/shared';
import { http } from '../../lib/http';

/** What POST /api/inquiries/cold_call answers a redial (spec §7: simultaneous_call, inquiry_id, call_id, url). */
export type RedialAnswer = {
  simultaneous_call: boolean;
  inquiry_id: number | null;
  call_id: number | null;
  url: string | null;
};

/** The server calls the softphone makes (spec §7 Calls, Status, Settings). */
export const softphoneApi = {
  settings: () => http.get<SoftphoneSettings>('/api/settings/get_settings'),
  /** A call-flow step of the phone's call (ring, talk, hold, mute). */
  flow: (
    callId: number,
    flowStatus: FlowStatus,
    extra: { type?: 'inbound' | 'outbound'; abonent_number?: string } = {},
  ) => http.post<CallData>('/api/inquiries/call_data', { crm_call_id: callId, flow_status: flowStatus, ...extra }),
  endCall: (callId: number, body: EndCallBody) => http.post<CallData>(`/api/inquiries/end_call/${callId}`, body),
  pickup: (callId: number) => http.post<CallData>(`/api/inquiries/${callId}/pickup_call`),
  setStatus: (body: SetNewStatusBody) => http.post<CurrentStatusInfo>('/api/status/set_new_status', body),
  /** Redial: a new call to the client of call `inquiryId` (spec §4, §7: {redial, inquiry_id}). */
  redial: (inquiryId: number) =>
    http.post<RedialAnswer>('/api/inquiries/cold_call', { redial: true, inquiry_id: inquiryId }),
  markWarmTransfer: (callId: number) =>
    http.post<CallData>(`/api/inquiries/${callId}/update_transfer_type`, { transfer_type: 'warm' }),
  /** The agent on the call invites an agent of its campaign to join (warm transfer asked from the call page). */
  inviteWarmTransfer: (callId: number, agentId: number) =>
    http.post<{ status: 'ok' }>('/api/telephony/warm_transfer', { call_id: callId, agent_id: agentId }),
  /** The invited agent accepts: the inviting agent's phone transfers the call to them. */
  acceptWarmInvite: (callId: number) =>
    http.post<{ status: 'ok' }>('/api/telephony/warm_transfer/accept', { call_id: callId }),
};
export type SoftphoneServer = typeof softphoneApi;
