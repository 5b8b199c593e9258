export { createProductivityRepository } from './productivity.repository.js';
export { productivityRoutes } from './productivity.routes.js';
export { createProductivityService, type ProductivityService } from './productivity.service.js';
