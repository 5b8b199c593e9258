import {
  FILTER_VALUE_SCHEMAS,
  TABLE_DEFAULT_PAGE_SIZE,
  TABLE_PAGE_SIZES,
  type TableFilter,
  type TableHeader,
  type TableQuery,
  type TableResponse,
  type TableRow,
} from '@shiftline/shared';
import { sql } from 'kysely';
import { invalidField } from '../../plugins/errors.js';
import type {
  RowQuery,
  TableColumn,
  TableContext,
  TableDefinition,
  TableFilterDefinition,
  TableSummary,
} from './tableDefinition.js';

/*
 * One way to answer every table: check the request against the declaration (unknown sort or filter names and values
 * outside a filter's items are refused here, so no request text ever reaches SQL), narrow the declared row query
 * with the filters, then count, total and page it in SQL.
 */

/** A filter with the value the request gave it (or its default), null or empty meaning "not applied". */
export type ChosenFilter = { definition: TableFilterDefinition; value: unknown };

export type ResolvedRequest = {
  columns: TableColumn[];
  filters: ChosenFilter[];
  sort: { column: TableColumn; desc: boolean };
  pageSize: number;
  page: number;
};

export const visibleColumns = (definition: TableDefinition, context: TableContext) =>
  definition.columns.filter((column) => column.visible?.(context.viewer) ?? true);

const allFilters = (definition: TableDefinition, columns: TableColumn[]): TableFilterDefinition[] => [
  ...(definition.filters ?? []),
  ...columns.flatMap((column) => (column.filter ? [column.filter] : [])),
];

const isApplied = (value: unknown) =>
  value !== null && value !== undefined && value !== '' && !(Array.isArray(value) && value.length === 0);

async function resolveFilters(
  definition: TableDefinition,
  columns: TableColumn[],
  chosenValues: Record<string, unknown>,
  context: TableContext,
): Promise<ChosenFilter[]> {
  const filters = allFilters(definition, columns);
  const known = new Set(filters.map((filter) => filter.name));
  for (const name of Object.keys(chosenValues)) {
    if (!known.has(name)) throw invalidField(`chosenValues.${name}`, 'is not a filter of this table');
  }
  return Promise.all(
    filters.map(async (filter) => {
      const given = Object.hasOwn(chosenValues, filter.name);
      const raw = given ? chosenValues[filter.name] : (filter.default?.(context) ?? null);
      const parsed = FILTER_VALUE_SCHEMAS[filter.type].safeParse(raw);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const path = ['chosenValues', filter.name, ...(issue?.path ?? [])].join('.');
        throw invalidField(path, issue?.message ?? 'is not a valid value');
      }
      // A multiselect with nothing chosen is the empty list, however the request said it.
      const value = filter.type === 'multiselect' ? (parsed.data ?? []) : parsed.data;
      if (filter.items && isApplied(value) && (filter.type === 'select' || filter.type === 'multiselect')) {
        const allowed = new Set((await filter.items(context)).map((item) => String(item.value)));
        const values = Array.isArray(value) ? value : [value];
        if (values.some((item) => !allowed.has(String(item)))) {
          throw invalidField(`chosenValues.${filter.name}`, 'must be one of the filter items');
        }
      }
      return { definition: filter, value };
    }),
  );
}

/** Checks the request against the table's declaration; every refusal names the query field. */
export async function resolveRequest(
  definition: TableDefinition,
  request: TableQuery,
  context: TableContext,
): Promise<ResolvedRequest> {
  await definition.authorize?.(context);
  const columns = visibleColumns(definition, context);
  const pageSizes = definition.pageSizes ?? TABLE_PAGE_SIZES;
  const pageSize = request.items_per_page ?? TABLE_DEFAULT_PAGE_SIZE;
  if (!pageSizes.includes(pageSize)) throw invalidField('items_per_page', `must be one of ${pageSizes.join(', ')}`);
  const sortName = request.sortBy ?? definition.defaultSort.column;
  const sortColumn = columns.find((column) => column.value === sortName && column.sort);
  if (!sortColumn) throw invalidField('sortBy', 'is not a sortable column of this table');
  const desc = request.sortDesc === undefined ? definition.defaultSort.desc : request.sortDesc === 'true';
  const filters = await resolveFilters(definition, columns, request.chosenValues ?? {}, context);
  return { columns, filters, sort: { column: sortColumn, desc }, pageSize, page: request.page ?? 1 };
}

/** The declared rows narrowed by every applied filter (not sorted, not paged). */
export function filteredRows(definition: TableDefinition, resolved: ResolvedRequest, context: TableContext): RowQuery {
  let query = definition.rows(context);
  for (const { definition: filter, value } of resolved.filters) {
    if (isApplied(value)) query = filter.apply(query, value, context);
  }
  return query;
}

/** Sorted on the chosen column, then on the tie-breaker, so paging never repeats or skips a row. */
export const sortedRows = (query: RowQuery, definition: TableDefinition, resolved: ResolvedRequest): RowQuery =>
  query
    .orderBy(resolved.sort.column.sort as never, resolved.sort.desc ? 'desc' : 'asc')
    .orderBy(definition.tieBreak as never, resolved.sort.desc ? 'desc' : 'asc');

const chosenValuesOf = (resolved: ResolvedRequest) =>
  Object.fromEntries(resolved.filters.map(({ definition, value }) => [definition.name, value]));

/** Count and totals in one pass over the filtered rows, unless the table can tell them cheaper. */
async function countAndTotals(
  definition: TableDefinition,
  resolved: ResolvedRequest,
  filtered: RowQuery,
  context: TableContext,
): Promise<TableSummary> {
  const summary = definition.summary ? await definition.summary(chosenValuesOf(resolved), context) : null;
  if (summary) return summary;
  const totalled = resolved.columns.filter((column) => column.total);
  const aggregates = totalled.map((column) => {
    const value = sql.ref(`t.${column.value}`);
    const aggregate = column.total === 'awg' ? sql`avg(${value})` : sql`sum(${value})`;
    return sql`${aggregate}::float8`.as(column.value);
  });
  const row = await context.db
    .selectFrom(filtered.as('t'))
    .select([sql<string>`count(*)`.as('__count'), ...aggregates])
    .executeTakeFirstOrThrow();
  const totals =
    totalled.length === 0
      ? null
      : Object.fromEntries(totalled.map((column) => [column.value, (row as TableRow)[column.value] as number | null]));
  return { count: Number(row.__count), totals };
}

const headerGroups = (columns: TableColumn[]) => {
  const groups: { text: string; colspan: number }[] = [];
  for (const column of columns) {
    const text = column.group ?? '';
    const last = groups.at(-1);
    if (last && last.text === text) last.colspan += 1;
    else groups.push({ text, colspan: 1 });
  }
  return groups.some((group) => group.text !== '') ? groups : [];
};

async function describeFilter(filter: TableFilterDefinition, value: unknown, context: TableContext) {
  const described: TableFilter = { name: filter.name, text: filter.text, type: filter.type, default: value };
  if (filter.items) described.items = await filter.items(context);
  if (filter.icon) described.icon = filter.icon;
  if (filter.multiple !== undefined) described.multiple = filter.multiple;
  return described;
}

async function headersOf(resolved: ResolvedRequest, context: TableContext): Promise<TableHeader[]> {
  const chosen = new Map(resolved.filters.map((filter) => [filter.definition, filter.value]));
  return Promise.all(
    resolved.columns.map(async ({ sort, filter, visible: _visible, ...header }) => ({
      ...header,
      sortable: sort !== undefined,
      filterable: filter !== undefined,
      ...(filter ? { filters: await describeFilter(filter, chosen.get(filter) ?? null, context) } : {}),
    })),
  );
}

/** GET /api/tables/:name: one page of the table with its headers, filters and totals. */
export async function loadTablePage(
  definition: TableDefinition,
  request: TableQuery,
  context: TableContext,
): Promise<TableResponse> {
  const resolved = await resolveRequest(definition, request, context);
  const filtered = filteredRows(definition, resolved, context);
  const offset = (resolved.page - 1) * resolved.pageSize;
  const [{ count, totals }, rows, headers, additionalFilters] = await Promise.all([
    countAndTotals(definition, resolved, filtered, context),
    sortedRows(filtered, definition, resolved).limit(resolved.pageSize).offset(offset).execute(),
    headersOf(resolved, context),
    Promise.all(
      (definition.filters ?? []).map((filter) =>
        describeFilter(filter, resolved.filters.find((chosen) => chosen.definition === filter)?.value ?? null, context),
      ),
    ),
  ]);
  const present = definition.present ?? ((row: TableRow) => row);
  return {
    items: (rows as TableRow[]).map((row) => present(row, context)),
    headers,
    totals,
    options: {
      totalCount: count,
      supportedPageSizes: [...(definition.pageSizes ?? TABLE_PAGE_SIZES)],
      tableHeaderGroups: headerGroups(resolved.columns),
      page: resolved.page,
      items_per_page: resolved.pageSize,
      sortBy: resolved.sort.column.value,
      sortDesc: resolved.sort.desc,
    },
    additionals_filters: additionalFilters,
    chosen_values: chosenValuesOf(resolved),
    export_to_csv: definition.exportable?.(context.viewer) ?? true,
    clickable_row: definition.clickableRow ?? false,
    name_table: definition.title,
    file_name: definition.fileName,
    identifier_name: definition.identifier,
  };
}
