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
  /** An invitation this user sent was accepted but the phone could not transfer the call: why, until closed. */
  transferFailed: string | null;
  closeTransferFailed: () => void;
  busy: boolean;
  error: string | null;
  accept: () => void;
  decline: () => void;
};

/** Marks the call's transfer as warm, then transfers it to the prefixed extension; resolves whether it went. */
const warmTransfer = (phone: SoftphoneController, event: WarmTransferEvent) =>
  softphoneApi.markWarmTransfer(event.call_id).then(() => phone.transfer(`${WARM_TRANSFER_PREFIX}${event.extension}`));

const reasonOf = (reason: unknown) => (reason instanceof Error ? reason.message : 'The transfer failed.');

/**
 * The transfer events of spec §4: warm-transfer opens the accept dialog (someone asks to join this agent's call, or
 * this agent is invited to join someone's); accepting an ask marks the call's transfer as warm and transfers it to the
 * asker's extension with the fixed prefix, accepting an invitation tells the server, whose 'accepted' event has the
 * inviting agent's phone do that transfer. Decline sends decline_transfer with the decliner's long name, which the
 * server relays to the asker: their page says so. start-transfer hangs this agent's leg of the call up.
 */
export function useTransferEvents(phone: SoftphoneController | null, user: CurrentUser): WarmTransferPrompt {
  const [request, setRequest] = useState<WarmTransferEvent | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [declinedBy, setDeclinedBy] = useState<string | null>(null);
  const [transferFailed, setTransferFailed] = useState<string | null>(null);

  useEffect(() => {
    if (!phone) return;
    const stopWarm = socketClient.on(SOCKET_EVENTS.warmTransfer, (event) => {
      if (event.mode === 'accepted') {
        // The agent this one invited said yes: the call goes to them now, with no question asked here.
        setTransferFailed(null);
        void warmTransfer(phone, event).then(
          (done) => setTransferFailed(done ? null : `The call could not be transferred to ${event.agent}.`),
          (reason: unknown) => setTransferFailed(reasonOf(reason)),
        );
        return;
      }
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
    const going =
      request.mode === 'invite'
        ? softphoneApi.acceptWarmInvite(request.call_id).then(() => true)
        : warmTransfer(phone, request);
    void going
      .then((done) => {
        if (done) setRequest(null);
        else setError('The transfer did not go through.');
      })
      .catch((reason: unknown) => setError(reasonOf(reason)))
      .finally(() => setBusy(false));
  };

  const decline = () => {
    if (!request) return;
    socketClient.emit(SOCKET_EVENTS.declineTransfer, { call_id: request.call_id, name: user.long_name });
    setRequest(null);
  };

  return {
    request,
    declinedBy,
    closeDeclined: () => setDeclinedBy(null),
    transferFailed,
    closeTransferFailed: () => setTransferFailed(null),
    busy,
    error,
    accept,
    decline,
  };
}
