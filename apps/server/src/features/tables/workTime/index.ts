import type { EditFormDefinition, TableDefinition } from '../tableDefinition.js';

/** The work-time tables: login report, performance breakdown, agents (with their edit forms and row actions). */
export const WORK_TIME_TABLES: TableDefinition[] = [];
export const WORK_TIME_EDIT_FORMS: EditFormDefinition[] = [];
