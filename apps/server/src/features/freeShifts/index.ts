export { createFreeShiftsRepository, type FreeShiftsRepository } from './freeShifts.repository.js';
export { freeShiftsRoutes } from './freeShifts.routes.js';
export {
  createFreeShiftsService,
  type FreeShiftsRepositories,
  type FreeShiftsService,
  type OfferRepositories,
} from './freeShifts.service.js';
