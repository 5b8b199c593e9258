export { teamScheduleRoutes } from './teamSchedule.routes.js';
export { createTeamScheduleService, type TeamScheduleService } from './teamSchedule.service.js';
