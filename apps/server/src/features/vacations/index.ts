export { vacationsRoutes } from './vacations.routes.js';
export { cannotApproveMessage, createVacationsService, type VacationsService } from './vacations.service.js';
