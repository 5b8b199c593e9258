/**
 * The rollups: per-hour (and coarser) sums of calls and agent states that the dashboards, productivity and the demo
 * generator read and keep current. Not a feature: a module beside db/ that features and db/ both use, so db/ depends
 * on no feature. Its SQL is committed in sql/ (`npm run db:sql`).
 */
export { closeStateForRollups, foldRollupBacklog, queueCallsForRollups } from './backlog.js';
export {
  grainedRows,
  hourOfDayRows,
  localSecondsOf,
  summedCallSums,
  toCallSums,
} from './reads.js';
export {
  addCallsToRollups,
  addStateDeltasToRollups,
  addStatesToRollups,
  rebuildRollups,
  rollupTables,
  type StateDelta,
} from './upkeep.js';
