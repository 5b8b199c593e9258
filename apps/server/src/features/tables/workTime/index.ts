import type { EditFormDefinition, TableDefinition } from '../tableDefinition.js';
import { agentsTable } from './agents.table.js';
import { loginReportForm, loginReportTable } from './loginReport.table.js';
import { performanceBreakdownForm, performanceBreakdownTable } from './performanceBreakdown.table.js';

/** The work-time tables: login report, performance breakdown, agents (with their edit forms and row actions). */
export const WORK_TIME_TABLES: TableDefinition[] = [loginReportTable, performanceBreakdownTable, agentsTable];
export const WORK_TIME_EDIT_FORMS: EditFormDefinition[] = [loginReportForm, performanceBreakdownForm];
export { workTimeRoutes } from './workTime.routes.js';
