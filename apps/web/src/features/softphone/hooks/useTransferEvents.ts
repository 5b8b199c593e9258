import type { CurrentUser } from '@shiftline/shared';
import { SOCKET_EVENTS, WARM_TRANSFER_PREFIX, type WarmTransferEvent } from '@shiftline/shared/api/events';
import { useEffect, useState } from 'react';
import { socketClient } from '../../../lib/socketClient';
import { softphoneApi } from '../api';
import type { SoftphoneController } from '../controller';

export type WarmTransferPrompt = {
  request: WarmTransferEvent | null;
  /** Who declined this user's own warm-transfer request (decline_transfer relayed back), until closed. */
  declinedBy: string | null;
  closeDeclined: () => void;
  busy: boolean;
  error: string | null;
  accept: () => void;
  decline: () => void;
};

/**
 * The transfer events of spec §4: warm-transfer opens the accept dialog (accept marks the call's transfer as warm
 * and transfers it to the asker's extension with the fixed prefix; decline sends decline_transfer with the
 * decliner's long name, which the server relays to the asker: their page says so); start-transfer hangs this agent's
 * leg of the call up.
 */
export function useTransferEvents(phone: SoftphoneController | null, user: CurrentUser): WarmTransferPrompt {
  const [request, setRequest] = useState<WarmTransferEvent | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [declinedBy, setDeclinedBy] = useState<string | null>(null);

  useEffect(() => {
    if (!phone) return;
    const stopWarm = socketClient.on(SOCKET_EVENTS.warmTransfer, (event) => {
      setError(null);
      setRequest(event);
    });
    const stopStart = socketClient.on(SOCKET_EVENTS.startTransfer, (event) => phone.dropLeg(event.call_id));
    const stopDeclined = socketClient.on(SOCKET_EVENTS.declineTransfer, (event) => setDeclinedBy(event.name));
    return () => {
      stopWarm();
      stopStart();
      stopDeclined();
    };
  }, [phone]);

  const accept = () => {
    if (!request || !phone) return;
    setBusy(true);
    setError(null);
    void softphoneApi
      .markWarmTransfer(request.call_id)
      .then(() => phone.transfer(`${WARM_TRANSFER_PREFIX}${request.extension}`))
      .then((done) => {
        if (done) setRequest(null);
        else setError('The transfer did not go through.');
      })
      .catch((reason: unknown) => setError(reason instanceof Error ? reason.message : 'The transfer failed.'))
      .finally(() => setBusy(false));
  };

  const decline = () => {
    if (!request) return;
    socketClient.emit(SOCKET_EVENTS.declineTransfer, { call_id: request.call_id, name: user.long_name });
    setRequest(null);
  };

  return { request, declinedBy, closeDeclined: () => setDeclinedBy(null), busy, error, accept, decline };
}
