import { type OverlappingShift, vacationApprovalApi } from '../api';

export type ApprovalPlan = { kind: 'blocked' } | { kind: 'shifts'; shifts: OverlappingShift[] } | { kind: 'direct' };

type Period = { vacationId: number | null; user: number; start: string; end: string };

/**
 * The spec's approval rule: overlapping approved days off block it ('Cannot be approved!'); otherwise
 * overlapping shifts need a decision (the Schedule dialog); otherwise it is approved at once.
 */
export async function planApproval({ vacationId, user, start, end }: Period): Promise<ApprovalPlan> {
  const approved = await vacationApprovalApi.vacationsByDates(user, start, end);
  if (approved.some((vacation) => vacation.id !== vacationId)) return { kind: 'blocked' };
  const shifts = await vacationApprovalApi.shiftsByDates(user, start, end);
  return shifts.length > 0 ? { kind: 'shifts', shifts } : { kind: 'direct' };
}
