export { createFreeShiftsRepository, type FreeShiftsRepository } from './freeShifts.repository.js';
export { freeShiftsRoutes } from './freeShifts.routes.js';
export {
  createFreeShiftsService,
  type FreeShiftsRepositories,
  type FreeShiftsService,
  type OfferRepositories,
  type SchedulingDeps,
} from './freeShifts.service.js';
