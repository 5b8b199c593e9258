import type { TableHeader, TableResponse, TableRow } from '@shiftline/shared';
import {
  type ColumnDef,
  columnPinningFeature,
  columnSizingFeature,
  rowPaginationFeature,
  rowSortingFeature,
  tableFeatures,
} from '@tanstack/react-table';

/**
 * The table library's features the generic table uses: sort and page state (the server sorts and pages, so both are
 * manual) and fixed columns' offsets.
 */
export const dataTableFeatures = tableFeatures({
  rowSortingFeature,
  rowPaginationFeature,
  columnSizingFeature,
  columnPinningFeature,
});
export type DataTableFeatures = typeof dataTableFeatures;
export type DataColumnDef = ColumnDef<DataTableFeatures, TableRow, unknown>;

/** A fixed column's width: sticky columns need a known width for the next one's offset. */
export const FIXED_COLUMN_WIDTH = 180;

function leafColumn(header: TableHeader): DataColumnDef {
  return {
    id: header.value,
    header: header.text,
    // By function, not accessorKey: a value such as 'agent.name' is a field name, not a path.
    accessorFn: (row: TableRow) => row[header.value],
    enableSorting: header.sortable,
    size: FIXED_COLUMN_WIDTH,
  };
}

const groupColumn = (text: string, index: number, columns: DataColumnDef[]): DataColumnDef => ({
  id: `group-${index}`,
  header: text,
  columns,
});

/** Consecutive columns naming the same `group` sit under one group header. */
function byHeaderGroup(headers: readonly TableHeader[]): DataColumnDef[] {
  const columns: DataColumnDef[] = [];
  let run: { text: string; columns: DataColumnDef[] } | null = null;
  headers.forEach((header) => {
    if (header.group === undefined || header.group === '') {
      run = null;
      columns.push(leafColumn(header));
      return;
    }
    if (run === null || run.text !== header.group) {
      run = { text: header.group, columns: [] };
      columns.push(groupColumn(header.group, columns.length, run.columns));
    }
    run.columns.push(leafColumn(header));
  });
  return columns;
}

/** options.tableHeaderGroups: each group spans the next `colspan` columns; an empty text spans ungrouped ones. */
function byColspans(headers: readonly TableHeader[], groups: TableResponse['options']['tableHeaderGroups']) {
  const columns: DataColumnDef[] = [];
  let next = 0;
  for (const group of groups) {
    const spanned = headers.slice(next, next + Math.max(0, group.colspan)).map(leafColumn);
    next += spanned.length;
    if (group.text === '') columns.push(...spanned);
    else if (spanned.length > 0) columns.push(groupColumn(group.text, columns.length, spanned));
  }
  columns.push(...headers.slice(next).map(leafColumn));
  return columns;
}

/** The library's column definitions for the server's headers, grouped as the server says. */
export function tableColumns(response: Pick<TableResponse, 'headers' | 'options'>): DataColumnDef[] {
  const { headers, options } = response;
  const grouped = headers.some((header) => header.group !== undefined && header.group !== '');
  if (!grouped && options.tableHeaderGroups.length > 0) return byColspans(headers, options.tableHeaderGroups);
  return byHeaderGroup(headers);
}
