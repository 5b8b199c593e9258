// The server's public entry point for tools outside it: benchmarks and browser-test setup import
// `@shiftline/server/testing` (the app in-process, its database and demo data) and `@shiftline/server/testing/process`
// (the server as its own process) and nothing else of the server, so the server may reorganise db/ and its features
// without breaking them (Biome rejects any other server import in bench/ and e2e/; docs/architecture.md).
export { type BuildAppOptions, buildApp } from '../app.js';
export type { AppConfig } from '../config.js';
export { type DatabaseHandle, openDatabase } from '../db/database.js';
export { demoTrunkId } from '../db/demo/demoTrunk.js';
export { type DemoOptions, generateDemo } from '../db/demo/generateDemo.js';
export {
  DEMO_HISTORY_LOAD,
  FULL_HISTORY_LOAD,
  generateHistory,
  type HistoryOptions,
} from '../db/demo/history/generateHistory.js';
export { migrateToLatest } from '../db/migrate.js';
export { transactional } from '../db/transaction.js';
export { SimulatedTelephony } from '../features/calls/index.js';
export { checkLeadRow } from '../features/leadLists/index.js';
export { createPlannersRepository, createPlannersService } from '../features/planners/index.js';
export { createRtpengineControl, RtpengineError } from '../features/recordings/index.js';
export { createUsersRepository, hashPassword } from '../features/users/index.js';
export { rollupTables } from '../rollups/index.js';
export { createSimulator, type Simulator } from '../simulator/index.js';
export { readTableFile } from '../uploads/tableFile.js';
