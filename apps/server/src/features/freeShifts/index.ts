export { createFreeShiftsService, type FreeShiftsService, SCHEDULE_CHANGED_EVENT } from './freeShifts.service.js';
