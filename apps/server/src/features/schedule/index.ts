export { createScheduleRepository } from './schedule.repository.js';
export { scheduleRoutes } from './schedule.routes.js';
export { createScheduleService, SHIFTS_SENT_EVENT } from './schedule.service.js';
