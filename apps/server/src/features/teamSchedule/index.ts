export { createTeamScheduleRepository, type TeamScheduleRepository } from './teamSchedule.repository.js';
export { teamScheduleRoutes } from './teamSchedule.routes.js';
export { createTeamScheduleService, type TeamScheduleService } from './teamSchedule.service.js';
