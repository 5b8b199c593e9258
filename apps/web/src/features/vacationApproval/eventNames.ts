/**
 * The three host events, by the names VACATION_EVENTS in @shiftline/shared gives them (a test keeps the
 * two equal). Written out here because importing a value from the shared supervisorSchedule module
 * brings its zod schemas, and so zod itself, into the signed-in shell.
 */
export const HOST_EVENTS = {
  startAddVacation: 'startAddVacation',
  startApproveVacation: 'startApproveVacation',
  startRejectVacationCancellation: 'startRejectVacationCancellation',
} as const;
