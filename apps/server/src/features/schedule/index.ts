export { createScheduleRepository } from './schedule.repository.js';
export { scheduleRoutes } from './schedule.routes.js';
export { createScheduleService } from './schedule.service.js';
