import type { QueueCallbackEvent } from '@shiftline/shared/api/events';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { useStatusInfo } from '../../status';
import { type EndedOffer, useCallWatcher } from '../hooks/useCallWatcher';

// The notices load when first shown, not with the first page (their snackbar code is not otherwise on it).
const QueueCallbackNotice = lazy(async () => ({
  default: (await import('./QueueCallbackNotice')).QueueCallbackNotice,
}));
const OfferEndedNotice = lazy(async () => ({ default: (await import('./OfferEndedNotice')).OfferEndedNotice }));

/**
 * Mounted once in the signed-in shell for roles that take calls: opens the call page when a call rings for the agent
 * or when the app opens during a call, closes it when the ring ends without an answer (saying so, with the status the
 * agent is in now), and shows the queue-callback notice with Proceed.
 */
export function CallWatcher({ userId }: { userId: number }) {
  const navigate = useNavigate();
  const [callback, setCallback] = useState<QueueCallbackEvent | null>(null);
  const [ended, setEnded] = useState<EndedOffer | null>(null);
  const status = useStatusInfo();
  const ringing = status.data?.status.name === 'ringing' ? status.data.call_id : null;
  useCallWatcher(userId, ringing, setCallback, setEnded);
  return (
    <>
      {ended ? (
        <Suspense fallback={null}>
          <OfferEndedNotice
            end={ended.end}
            statusTitle={status.data?.status.title ?? null}
            onClose={() => setEnded(null)}
          />
        </Suspense>
      ) : null}
      {callback ? (
        <Suspense fallback={null}>
          <QueueCallbackNotice
            callback={callback}
            onClose={() => setCallback(null)}
            onProceed={() => {
              setCallback(null);
              void navigate(callback.url);
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
