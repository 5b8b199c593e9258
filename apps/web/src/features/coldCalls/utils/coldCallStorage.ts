import { browserStorage } from '../../../lib/browserStorage';

/** Local-storage keys of the cold call being placed (spec §4: inquiry id, call id and client phone are stored). */
export const COLD_CALL_KEYS = {
  inquiryId: 'coldCallInquiryId',
  callId: 'currentCallId',
  clientPhone: 'coldCallClientPhone',
} as const;

/** Remembers the placed call, so the call page (and a reload of it) finds it. */
export function rememberColdCall(call: { inquiryId: number; callId: number; clientPhone: string }) {
  browserStorage.write('local', COLD_CALL_KEYS.inquiryId, String(call.inquiryId));
  browserStorage.write('local', COLD_CALL_KEYS.callId, String(call.callId));
  browserStorage.write('local', COLD_CALL_KEYS.clientPhone, call.clientPhone);
}
