import { SOCKET_EVENTS, VACATION_EVENTS, type VacationDecidedEvent } from '@shiftline/shared/api/events';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { socketClient } from '../../../../lib/socketClient';
import type { VacationRequest } from '../events';

// The dialogs and their checks load when the first event comes: most pages never need them.
const VacationApprovalFlow = lazy(async () => ({
  default: (await import('./VacationApprovalFlow')).VacationApprovalFlow,
}));

/** The request is about that days-off request (an added one has none yet). */
const concerns = (request: VacationRequest, vacationId: number) =>
  request.kind !== 'add' && request.vacation_id === vacationId;

/**
 * The schedule supervisor's vacation approval host: no page of its own, it opens the approval dialogs
 * when the server sends startApproveVacation, startAddVacation or startRejectVacationCancellation (to this
 * page only). When a request is decided anywhere, the server says so to every supervisor page: requests still
 * waiting for it here are dropped, and the one on screen closes unless this page is the one deciding it.
 */
export function VacationApprovalHost({ zone }: { zone: string }) {
  const [queue, setQueue] = useState<readonly VacationRequest[]>([]);
  const [started, setStarted] = useState(false);
  const [decided, setDecided] = useState<VacationDecidedEvent | null>(null);
  const seq = useRef(0);

  useEffect(() => {
    const push = (request: Omit<VacationRequest, 'seq'>) => {
      seq.current += 1;
      const next = { ...request, seq: seq.current } as VacationRequest;
      setStarted(true);
      setQueue((waiting) => [...waiting, next]);
    };
    const stops = [
      socketClient.on(VACATION_EVENTS.startApproveVacation, (event) => push({ kind: 'approve', ...event })),
      socketClient.on(VACATION_EVENTS.startAddVacation, (event) => push({ kind: 'add', ...event })),
      socketClient.on(VACATION_EVENTS.startRejectVacationCancellation, (event) =>
        push({ kind: 'reject_cancellation', ...event }),
      ),
      socketClient.on(SOCKET_EVENTS.vacationDecided, (event) => {
        setQueue((waiting) => waiting.filter((item, index) => index === 0 || !concerns(item, event.vacation_id)));
        // A new object each time, so the same request decided twice still reaches the dialog.
        setDecided({ ...event });
      }),
    ];
    return () => {
      for (const stop of stops) stop();
    };
  }, []);

  if (!started) return null;
  return (
    <Suspense fallback={null}>
      <VacationApprovalFlow
        request={queue[0] ?? null}
        decided={decided}
        zone={zone}
        onDone={(done) => setQueue((waiting) => waiting.filter((item) => item.seq !== done))}
      />
    </Suspense>
  );
}
