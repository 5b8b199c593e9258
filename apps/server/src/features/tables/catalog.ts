import { ADMIN_TABLES } from '../admin/index.js';
import { blockedNumbersTable } from '../blocking/index.js';
import { dispositionsTable, productsTable, statsSourcesTable } from '../catalog/index.js';
import { coldCallsTable } from '../coldCalls/index.js';
import { leadListsTable } from '../leadLists/index.js';
import { auditLogTable } from './auditLogTable.js';
import { callLogTable } from './callLogTable.js';
import type { EditFormDefinition, TableDefinition } from './tableDefinition.js';
import { WORK_TIME_EDIT_FORMS, WORK_TIME_TABLES } from './workTime/index.js';

/** Every table GET /api/tables/:name answers, and the edit forms of those that have one. */
export const TABLES: readonly TableDefinition[] = [
  callLogTable,
  auditLogTable,
  coldCallsTable,
  ...WORK_TIME_TABLES,
  ...ADMIN_TABLES,
  leadListsTable,
  dispositionsTable,
  productsTable,
  statsSourcesTable,
  blockedNumbersTable,
];
export const EDIT_FORMS: readonly EditFormDefinition[] = [...WORK_TIME_EDIT_FORMS];
