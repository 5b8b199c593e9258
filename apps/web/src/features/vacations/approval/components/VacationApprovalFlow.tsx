import type { VacationDecidedEvent } from '@shiftline/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError } from '../../../../lib/apiError';
import { refreshAfter } from '../../../../lib/cacheRefresh';
import { ConfirmDialog } from '../../../../ui/ConfirmDialog';
import { NoticeSnackbar } from '../../../../ui/NoticeSnackbar';
import { daysOffApi } from '../../api';
import { type OverlappingShift, vacationApprovalApi } from '../api';
import { asReason, type VacationRequest } from '../events';
import { planApproval } from '../utils/approvalPlan';
import { CannotApproveDialog } from './CannotApproveDialog';
import { ScheduleShiftsDialog } from './ScheduleShiftsDialog';

/** Where the handling of one event (`seq`) stands. */
type Stage = { seq: number } & (
  | { kind: 'checking' }
  | { kind: 'blocked' }
  | { kind: 'shifts'; shifts: OverlappingShift[] }
  | { kind: 'confirm-reject' }
);

type Notice = { message: string; severity: 'success' | 'error' };

type FlowProps = {
  /** The event being handled; null when none waits. */
  request: VacationRequest | null;
  /** The latest decision the server announced, made in any supervisor's page. */
  decided: VacationDecidedEvent | null;
  zone: string;
  /** The request is finished with (done, refused or dismissed). */
  onDone: (seq: number) => void;
};

const failureText = (error: unknown) =>
  error instanceof ApiError ? error.message : 'The days off could not be approved. Try again.';

/** Runs one approval event: the checks, then the dialog they call for, then the call the supervisor chose. */
export function VacationApprovalFlow({ request, decided, zone, onDone }: FlowProps) {
  const queryClient = useQueryClient();
  const [staged, setStage] = useState<Stage | null>(null);
  // A stage left from the previous event never shows for the next one.
  const stage = staged !== null && staged.seq === request?.seq ? staged : null;
  const [busy, setBusy] = useState<'send' | 'approve' | 'reject' | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);

  const finish = (message: string | null, severity: Notice['severity'] = 'success') => {
    if (message !== null) setNotice({ message, severity });
    setBusy(null);
    if (request) onDone(request.seq);
  };

  const fail = (error: unknown) => {
    setBusy(null);
    // The server's own check ('vacation_overlap') answers the same as ours: 'Cannot be approved!'.
    if (request && error instanceof ApiError && error.code === 'vacation_overlap') {
      setStage({ seq: request.seq, kind: 'blocked' });
      return;
    }
    finish(failureText(error), 'error');
  };

  /** The vacation to approve: the pending one, or for an added one, a new one created now. */
  const vacationId = async (): Promise<{ id: number; approved: boolean }> => {
    if (!request || request.kind === 'reject_cancellation') throw new Error('no vacation to approve');
    if (request.kind === 'approve') return { id: request.vacation_id, approved: false };
    const created = await daysOffApi.create({
      user: request.user_id,
      start: request.start,
      end: request.end,
      reason: asReason(request.reason),
    });
    return { id: created.id, approved: created.status === 'vac_approved' };
  };

  const approve = async (deleteShifts: boolean, message: string) => {
    const vacation = await vacationId();
    if (!vacation.approved) await vacationApprovalApi.approve(vacation.id, deleteShifts);
    await refreshAfter(queryClient, { kind: 'daysOff' });
    finish(message);
  };

  // Each new event starts with the checks (or, for a cancellation rejection, the question).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per event; the helpers read the same request.
  useEffect(() => {
    if (!request) return;
    const { seq } = request;
    if (request.kind === 'reject_cancellation') {
      setStage({ seq, kind: 'confirm-reject' });
      return;
    }
    let current = true;
    setStage({ seq, kind: 'checking' });
    const vacation = request.kind === 'approve' ? request.vacation_id : null;
    planApproval({ vacationId: vacation, user: request.user_id, start: request.start, end: request.end })
      .then(async (plan) => {
        if (!current) return;
        if (plan.kind === 'direct') {
          setBusy('approve');
          await approve(false, 'Days off approved.');
        } else {
          setStage({ seq, ...plan });
        }
      })
      .catch((error: unknown) => {
        if (current) fail(error);
      });
    return () => {
      current = false;
    };
  }, [request?.seq]);

  // Decided in another page (or by another supervisor): this dialog would only meet a conflict. A decision this
  // page is making itself (a call in flight) closes the dialog when its own answer comes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per announced decision.
  useEffect(() => {
    if (!decided || !request || request.kind === 'add' || request.vacation_id !== decided.vacation_id) return;
    if (busy !== null) return;
    finish('These days off were already decided in another page.');
  }, [decided]);

  const send = async (shifts: OverlappingShift[], offered: number[]) => {
    setBusy('send');
    try {
      const vacation = await vacationId();
      await vacationApprovalApi.cancelAndSend({
        vacation_id: vacation.id,
        shifts: shifts.map((shift) => shift.id),
        free_shifts: offered,
        is_schedule_page: false,
      });
      await refreshAfter(queryClient, { kind: 'daysOff' });
      finish(
        offered.length > 0
          ? 'Days off approved. The shifts were offered to other available agents.'
          : 'Days off approved. The shifts were canceled.',
      );
    } catch (error) {
      fail(error);
    }
  };

  const approveWithoutSending = async () => {
    setBusy('approve');
    try {
      await approve(true, 'Days off approved. The overlapping shifts were removed.');
    } catch (error) {
      fail(error);
    }
  };

  const rejectCancellation = async (id: number) => {
    setBusy('reject');
    try {
      await vacationApprovalApi.rejectCancellation(id);
      await refreshAfter(queryClient, { kind: 'daysOff' });
      finish('The cancellation was rejected: the days off stay approved.');
    } catch (error) {
      setBusy(null);
      finish(failureText(error), 'error');
    }
  };

  const dismiss = () => {
    if (busy === null) finish(null);
  };

  return (
    <>
      {request && request.kind !== 'reject_cancellation' && stage?.kind === 'blocked' ? (
        <CannotApproveDialog start={request.start} end={request.end} zone={zone} onClose={dismiss} />
      ) : null}
      {request && stage?.kind === 'shifts' ? (
        <ScheduleShiftsDialog
          key={request.seq}
          shifts={stage.shifts}
          zone={zone}
          busy={busy}
          onSend={(offered) => void send(stage.shifts, offered)}
          onApproveWithoutSending={() => void approveWithoutSending()}
          onClose={dismiss}
        />
      ) : null}
      {request?.kind === 'reject_cancellation' ? (
        <ConfirmDialog
          open={stage?.kind === 'confirm-reject'}
          title="Reject cancellation"
          text="Reject the cancellation of these days off?"
          confirmLabel="Reject cancellation"
          busy={busy === 'reject'}
          onConfirm={() => void rejectCancellation(request.vacation_id)}
          onCancel={dismiss}
          confirmTestId="vacation-reject-cancellation-confirm"
          cancelTestId="vacation-reject-cancellation-cancel"
        />
      ) : null}
      <NoticeSnackbar notice={notice} onClose={() => setNotice(null)} testId="vacation-approval-notice" />
    </>
  );
}
