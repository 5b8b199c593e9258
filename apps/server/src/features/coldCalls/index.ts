export { coldCallsRoutes } from './coldCalls.routes.js';
export { type ColdCallsService, type ColdCallViewer, createColdCallsService } from './coldCalls.service.js';
export { coldCallsTable } from './coldCallsTable.js';
export { type SimulatedCalleeOptions, simulateCallees } from './simulatedCallees.js';
