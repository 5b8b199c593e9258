import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { socketClient } from '../../../lib/socketClient';
import { HOST_EVENTS as VACATION_EVENTS } from '../eventNames';
import type { AddVacationEvent, ApproveVacationEvent, RejectCancellationEvent, VacationRequest } from '../events';

// The dialogs and their checks load when the first event comes: most pages never need them.
const VacationApprovalFlow = lazy(async () => ({
  default: (await import('./VacationApprovalFlow')).VacationApprovalFlow,
}));

/**
 * The schedule supervisor's vacation approval host: no page of its own, it opens the approval dialogs
 * when the server sends startApproveVacation, startAddVacation or startRejectVacationCancellation.
 */
export function VacationApprovalHost({ zone }: { zone: string }) {
  const [queue, setQueue] = useState<readonly VacationRequest[]>([]);
  const [started, setStarted] = useState(false);
  const seq = useRef(0);

  useEffect(() => {
    const push = (request: Omit<VacationRequest, 'seq'>) => {
      seq.current += 1;
      const next = { ...request, seq: seq.current } as VacationRequest;
      setStarted(true);
      setQueue((waiting) => [...waiting, next]);
    };
    const stops = [
      socketClient.on<ApproveVacationEvent>(VACATION_EVENTS.startApproveVacation, (event) =>
        push({ kind: 'approve', ...event }),
      ),
      socketClient.on<AddVacationEvent>(VACATION_EVENTS.startAddVacation, (event) => push({ kind: 'add', ...event })),
      socketClient.on<RejectCancellationEvent>(VACATION_EVENTS.startRejectVacationCancellation, (event) =>
        push({ kind: 'reject_cancellation', ...event }),
      ),
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
        zone={zone}
        onDone={(done) => setQueue((waiting) => waiting.filter((item) => item.seq !== done))}
      />
    </Suspense>
  );
}
