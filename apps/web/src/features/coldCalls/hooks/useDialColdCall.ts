import type { ColdCallRow } from '@shiftline/shared';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useSoftphone, useSoftphoneView } from '../../softphone';
import { coldCallsApi } from '../api';
import { rememberColdCall } from '../utils/coldCallStorage';

/** What a dial needs: the lead (cold call) and the phone as it is written on it. */
export type DialTarget = Pick<ColdCallRow, 'id' | 'phone'>;

/**
 * Accepting a cold call (spec §4): only with the phone registered (the simulated network, with no softphone, always
 * is). A simultaneous call opens the notice; otherwise the call is remembered, its page loads, then the phone dials.
 */
export function useDialColdCall() {
  const phone = useSoftphone();
  const view = useSoftphoneView();
  const navigate = useNavigate();
  const [simultaneous, setSimultaneous] = useState(false);
  const registered = phone === null || view?.state === 'registered';
  const mutation = useMutation({
    mutationFn: (row: DialTarget) => coldCallsApi.dial(row),
    onSuccess: (answer, row) => {
      if (answer.simultaneous_call || answer.call_id === null || answer.inquiry_id === null || answer.url === null) {
        setSimultaneous(true);
        return;
      }
      rememberColdCall({ inquiryId: answer.inquiry_id, callId: answer.call_id, clientPhone: row.phone });
      navigate(answer.url);
      phone?.dial(row.phone, answer.call_id);
    },
  });
  return {
    registered,
    dial: (row: DialTarget) => {
      if (registered) mutation.mutate(row);
    },
    dialling: mutation.isPending ? (mutation.variables?.id ?? null) : null,
    error: mutation.error,
    simultaneous,
    closeNotice: () => setSimultaneous(false),
  };
}
