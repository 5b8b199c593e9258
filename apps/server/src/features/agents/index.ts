export { createAgentsRepository } from './agents.repository.js';
export { agentsRoutes } from './agents.routes.js';
export { type AgentsService, createAgentsService } from './agents.service.js';
