export { createHomeRepository } from './home.repository.js';
export { homeRoutes } from './home.routes.js';
export { createHomeService, type HomeService } from './home.service.js';
