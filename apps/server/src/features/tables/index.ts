export type {
  EditFormDefinition,
  RowQuery,
  TableColumn,
  TableContext,
  TableDefinition,
  TableFilterDefinition,
} from './tableDefinition.js';
