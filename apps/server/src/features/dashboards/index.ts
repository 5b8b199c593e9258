export { createDashboardsRepository } from './dashboards.repository.js';
export { dashboardsRoutes } from './dashboards.routes.js';
export { createDashboardsService } from './dashboards.service.js';
