export {
  type BusyTime,
  createShiftsRepository,
  freeDuring,
  type NewShift,
  type ShiftRecord,
  type ShiftsRepository,
} from './shifts.repository.js';
export { breakRows, lockExistingShifts, plannedStatus, scheduleOwner, shiftOrigin } from './shifts.service.js';
