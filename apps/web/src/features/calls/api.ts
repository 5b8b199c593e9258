import type {
  CallData,
  CallForUser,
  CallRecordings,
  FlowStatus,
  LiveRecording,
  Operator,
  Product,
  Sales,
  SetNewSalesBody,
  UpdateClientBody,
} from '@shiftline/shared';
import { http } from '../../lib/http';

/** The roles a call can be transferred to (the transfer list's role selector). */
export type OperatorRole = 'agent' | 'team_lead' | 'agent_supervisor' | 'campaign_manager';
export type TransferType = 'cold' | 'warm';
export type DispositionOptions = { dispositions: { id: number; title: string }[]; selected: number | null };

export const callsApi = {
  callForUser: () => http.get<CallForUser>('/api/inquiries/get_call_for_user'),
  callData: (id: number) => http.get<CallData>(`/api/inquiries/${id}/get_call_data`),
  /** The softphone's call-flow step: 'talk' answers an offered call or takes a held one off hold, 'hold' holds. */
  flow: (callId: number, flowStatus: FlowStatus) =>
    http.post<CallData>('/api/inquiries/call_data', { crm_call_id: callId, flow_status: flowStatus }),
  /** A supervisory role takes a waiting call: it is offered to them (their phone, or this page, answers it). */
  pickup: (id: number) => http.post<CallData>(`/api/inquiries/${id}/pickup_call`),
  callPageUrl: (id: number) => http.post<{ url: string }>(`/api/inquiries/${id}/get_call_page_url`),
  redirectAfterCall: (id: number) => http.post<{ url: string }>(`/api/inquiries/${id}/redirect_user_or_client`),
  updateClient: (id: number, body: UpdateClientBody) => http.post<CallData>(`/api/inquiries/${id}/update_client`, body),
  setNotes: (callId: number, notes: string) =>
    http.post<{ status: 'ok' }>(`/api/inquiries/set_notes/${callId}`, { notes }),
  operators: (id: number, role: OperatorRole) =>
    http.get<{ operators: Operator[] }>(`/api/inquiries/${id}/get_operators_from_campaign`, { chosen_role: role }),
  /** `dateTime` in Unix seconds; the server takes now when it is left out. */
  setCallback: (id: number, dateTime?: number) =>
    http.post<CallData>(`/api/inquiries/${id}/set_call_back`, dateTime === undefined ? {} : { date_time: dateTime }),
  unsetCallback: (id: number) => http.post<CallData>(`/api/inquiries/${id}/unset_call_back`),
  blacklist: (id: number) => http.post<CallData>(`/api/inquiries/${id}/blacklist`),
  updateTransferType: (id: number, transferType: TransferType | null) =>
    http.post<CallData>(`/api/inquiries/${id}/update_transfer_type`, { transfer_type: transferType }),
  /** The agent clicked End: the call is hung up and the agent goes to after-call work. */
  endCall: (callId: number) => http.post<CallData>(`/api/inquiries/end_call/${callId}`, { clicked: true }),
  dispositions: (callId: number) => http.get<DispositionOptions>(`/api/dispositions/get_dispositions/${callId}`),
  setDisposition: (callId: number, disposition: number) =>
    http.post<{ status: 'ok' }>(`/api/dispositions/set_disposition/${callId}`, { disposition }),
  products: (callId: number) => http.get<{ products: Product[] }>('/api/sales/get_products', { call_id: callId }),
  sales: (callId: number) => http.get<Sales>(`/api/sales/${callId}/get_sales`),
  setSales: (callId: number, body: SetNewSalesBody) => http.post<Sales>(`/api/sales/${callId}/set_new_sales`, body),
  clearSales: (callId: number) => http.post<Sales>(`/api/sales/${callId}/clear_sales`),
  recordings: (callId: number) => http.get<CallRecordings>(`/api/calls/${callId}/recordings`),
  liveRecording: (callId: number) => http.get<LiveRecording>(`/api/calls/${callId}/recording`),
  pauseRecording: (callId: number) => http.post<LiveRecording>(`/api/calls/${callId}/recording/pause`),
  resumeRecording: (callId: number) => http.post<LiveRecording>(`/api/calls/${callId}/recording/resume`),
};
