export { EDIT_FORMS, TABLES } from './catalog.js';
export type {
  EditFormDefinition,
  RowQuery,
  TableColumn,
  TableContext,
  TableDefinition,
  TableFilterDefinition,
  TableSummary,
} from './tableDefinition.js';
export { tablesRoutes } from './tables.routes.js';
export { workTimeRoutes } from './workTime/index.js';
