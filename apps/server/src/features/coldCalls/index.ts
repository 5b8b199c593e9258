export { coldCallsRoutes } from './coldCalls.routes.js';
export { type ColdCallsService, createColdCallsService } from './coldCalls.service.js';
export { type SimulatedCalleeOptions, simulateCallees } from './simulatedCallees.js';
