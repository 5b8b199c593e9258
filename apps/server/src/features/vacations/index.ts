export { createVacationsRepository, type VacationsRepository } from './vacations.repository.js';
export { vacationsRoutes } from './vacations.routes.js';
export {
  cannotApproveMessage,
  createVacationsService,
  MAX_PENDING_VACATIONS,
  type VacationsService,
} from './vacations.service.js';
