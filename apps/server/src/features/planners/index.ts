export { createPlannersRepository, type PlannersRepository } from './planners.repository.js';
export { plannerRoutes } from './planners.routes.js';
export { createPlannersService, type PlannersService, schedulePlannerTopUps } from './planners.service.js';
