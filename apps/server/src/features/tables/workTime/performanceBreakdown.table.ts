import { can, type EditRowForm, formatTimeCell, ROLLUP_GRAIN } from '@shiftline/shared';
import { sql } from 'kysely';
import { invalidField } from '../../../plugins/errors.js';
import { periodFilter } from '../commonFilters.js';
import type { EditFormDefinition, TableContext, TableDefinition } from '../tableDefinition.js';
import {
  BREAKDOWN_CATEGORIES,
  categorySum,
  SUM_RULE_MESSAGE,
  TOTAL_COLUMN,
  totalSum,
  viewerDays,
} from './breakdownCategories.js';
import { dayVersion, readBreakdownDay } from './breakdownDay.js';
import { agentGroupItems, agentOfEdit, idsOf, ownRowsOnly, workTimeAgentItems } from './workTimeScope.js';

/*
 * Performance breakdown (issue 16 part 5): time per productivity sub-category per agent per day (the viewer's zone),
 * read from the productivity rollup, so it shows the recorded time with every edit, as the productivity page does.
 */

export const PERFORMANCE_BREAKDOWN = 'performance_breakdown';
export const SAVE_PERFORMANCE_BREAKDOWN_URL = '/api/save_performance_breakdown_data';

const agentName = sql<string>`u.first_name || ' ' || u.second_name`;

export const performanceBreakdownTable: TableDefinition = {
  name: PERFORMANCE_BREAKDOWN,
  title: 'Performance breakdown',
  fileName: 'performance_breakdown',
  action: 'tables.performance_breakdown',
  identifier: 'row_key',
  exportNeedsPeriod: 'period',
  defaultSort: { column: 'date', desc: true },
  // An agent has one row a day: (agent, day) orders every row.
  tieBreak: sql`(r.user_id, min(r.bucket_start))`,
  columns: [
    { text: 'Agent', value: 'agent', fixed: true, sort: sql`lower(${agentName})` },
    { text: 'Group', value: 'agent_group', sort: sql`g.name` },
    { text: 'Date', value: 'date', sort: sql`min(r.bucket_start)` },
    ...BREAKDOWN_CATEGORIES.map((category) => ({
      text: category.text,
      value: category.value,
      group: category.group,
      formatSecInTime: true,
      editable: true,
      total: 'sum' as const,
    })),
    { text: 'Total', value: TOTAL_COLUMN, formatSecInTime: true, total: 'sum', sort: totalSum },
    {
      text: 'Actions',
      value: 'actions',
      actions: [{ name: 'edit', text: 'Edit', icon: 'edit', kind: 'form' }],
      visible: (viewer) => can(viewer.role, 'tables.edit_work_time'),
    },
  ],
  filters: [
    periodFilter({ column: sql`r.bucket_start`, defaultDays: 7 }),
    {
      name: 'agents',
      text: 'Agents',
      type: 'multiselect',
      multiple: true,
      items: workTimeAgentItems,
      apply: (query, value) => query.where('r.user_id', 'in', idsOf(value)),
    },
    {
      name: 'groups',
      text: 'Groups',
      type: 'multiselect',
      multiple: true,
      items: agentGroupItems,
      apply: (query, value) => query.where('u.agent_group_id', 'in', idsOf(value)),
    },
  ],
  rows: ({ db, viewer, now }: TableContext) => {
    const { alignment, day } = viewerDays(viewer.timezone, now);
    const own = ownRowsOnly(viewer);
    return db
      .selectFrom('agent_productivity_rollups as r')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .leftJoin('agent_groups as g', 'g.id', 'u.agent_group_id')
      .where('r.alignment', '=', alignment)
      .where('r.grain', '=', ROLLUP_GRAIN.hour)
      .where('u.is_system', '=', false)
      .$if(own !== null, (query) => query.where('r.user_id', '=', own as number))
      .groupBy(['r.user_id', 'u.first_name', 'u.second_name', 'g.name', day])
      .having(totalSum, '<>', 0)
      .select([
        sql<string>`r.user_id::text || ':' || ${day}`.as('row_key'),
        'r.user_id',
        agentName.as('agent'),
        'g.name as agent_group',
        day.as('date'),
        ...BREAKDOWN_CATEGORIES.map((category) => categorySum(category).as(category.value)),
        totalSum.as(TOTAL_COLUMN),
      ]);
  },
};

const ROW_KEY = /^(\d{1,10}):(\d{4}-\d{2}-\d{2})$/;

/** 'userId:yyyy-MM-dd' → its parts; 400 naming identifier_value otherwise. */
export function parseRowKey(text: string): { userId: number; date: string } {
  const match = ROW_KEY.exec(text);
  const userId = Number(match?.[1]);
  const date = match?.[2] ?? '';
  if (!match || userId < 1 || userId > 2_147_483_647 || Number.isNaN(Date.parse(`${date}T00:00:00Z`))) {
    throw invalidField('identifier_value', "must be a row key 'agent id:yyyy-mm-dd'");
  }
  return { userId, date };
}

/** The form's rows: one per campaign worked that day (editable), then the day's total (read only). */
export async function breakdownFormRows(context: TableContext, userId: number, date: string) {
  const rows = await readBreakdownDay(context.db, userId, date, context.viewer.timezone);
  const version = dayVersion(rows);
  const cells = (seconds: Record<string, number>) =>
    Object.fromEntries(
      BREAKDOWN_CATEGORIES.map((category) => [category.value, formatTimeCell(seconds[category.value] ?? 0)]),
    );
  const dayTotals = Object.fromEntries(
    BREAKDOWN_CATEGORIES.map((category) => [
      category.value,
      rows.reduce((sum, row) => sum + (row.seconds[category.value] ?? 0), 0),
    ]),
  );
  return [
    ...rows.map((row) => ({
      user_id: userId,
      date,
      version,
      campaign_id: row.campaignId,
      campaign: row.campaign,
      ...cells(row.seconds),
      [TOTAL_COLUMN]: formatTimeCell(row.total),
      editable: true,
    })),
    {
      user_id: userId,
      date,
      version,
      campaign_id: null,
      campaign: 'Day total',
      ...cells(dayTotals),
      [TOTAL_COLUMN]: formatTimeCell(rows.reduce((sum, row) => sum + row.total, 0)),
      editable: false,
    },
  ];
}

export const performanceBreakdownForm: EditFormDefinition = {
  tableName: PERFORMANCE_BREAKDOWN,
  action: 'tables.edit_work_time',
  load: async (query, context): Promise<EditRowForm> => {
    const { userId, date } = parseRowKey(query.identifier_value);
    await agentOfEdit(context.db, context.viewer, userId);
    return {
      form: 'performance_breakdown',
      title: `Edit Record for ${date}`,
      fields: [
        { name: 'campaign', label: 'Campaign', type: 'text', readonly: true },
        ...BREAKDOWN_CATEGORIES.map((category) => ({
          name: category.value,
          label: category.text,
          type: 'time' as const,
          readonly: false,
        })),
        { name: TOTAL_COLUMN, label: 'Total', type: 'time', readonly: true },
      ],
      rows: await breakdownFormRows(context, userId, date),
      rule: {
        type: 'sum_equals',
        related: BREAKDOWN_CATEGORIES.map((category) => category.value),
        comparison: TOTAL_COLUMN,
        message: SUM_RULE_MESSAGE,
      },
      save_url: SAVE_PERFORMANCE_BREAKDOWN_URL,
    };
  },
};
