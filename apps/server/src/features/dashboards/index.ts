export { type CallEnding, changeAgentState, endCall } from './callLedger.js';
export { createDashboardsRepository } from './dashboards.repository.js';
export { dashboardsRoutes } from './dashboards.routes.js';
export { createDashboardsService } from './dashboards.service.js';
export { grainedRows, hourOfDayRows } from './localTime.js';
export { addCallsToRollups, addStatesToRollups, rebuildRollups, rollupTables } from './rollups.js';
