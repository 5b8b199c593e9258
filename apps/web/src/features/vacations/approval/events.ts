import type {
  AddVacationEvent,
  ApproveVacationEvent,
  RejectCancellationEvent,
  VacationReason,
} from '@shiftline/shared';

/** One event for the host to handle, in arrival order. */
export type VacationRequest = { seq: number } & (
  | ({ kind: 'approve' } & ApproveVacationEvent)
  | ({ kind: 'add' } & AddVacationEvent)
  | ({ kind: 'reject_cancellation' } & RejectCancellationEvent)
);

export const asReason = (reason: string) => reason as VacationReason;
