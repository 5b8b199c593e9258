export { createSupervisionRepository } from './supervision.repository.js';
export { supervisionRoutes } from './supervision.routes.js';
export { createSupervisionService } from './supervision.service.js';
