import type { VacationReason } from '@shiftline/shared';

/** startApproveVacation: a pending request a schedule supervisor chose to approve. */
export type ApproveVacationEvent = { vacation_id: number; user_id: number; start: string; end: string; reason: string };
/** startAddVacation: days off a schedule supervisor adds for an agent. */
export type AddVacationEvent = { user_id: number; start: string; end: string; reason: string };
/** startRejectVacationCancellation: an agent's request to cancel approved days off, to be refused. */
export type RejectCancellationEvent = { vacation_id: number; user_id?: number; start?: string; end?: string };

/** One event for the host to handle, in arrival order. */
export type VacationRequest = { seq: number } & (
  | ({ kind: 'approve' } & ApproveVacationEvent)
  | ({ kind: 'add' } & AddVacationEvent)
  | ({ kind: 'reject_cancellation' } & RejectCancellationEvent)
);

export const asReason = (reason: string) => reason as VacationReason;
