import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import MuiTableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { TableAction, TableHeader, TableResponse, TableRow } from '@shiftline/shared';
import {
  type Column,
  functionalUpdate,
  type PaginationState,
  type SortingState,
  useTable,
} from '@tanstack/react-table';
import { type CSSProperties, type ReactNode, useMemo } from 'react';
import { formatTotal } from '../utils/formatCell';
import { type DataTableFeatures, dataTableFeatures, tableColumns } from '../utils/tableColumns';
import { RowActions } from './RowActions';
import { TableCellValue } from './TableCellValue';

/** A column a page adds after the server's (the cold calls' Call button). */
export type ExtraColumn = { header: string; cell: (row: TableRow) => ReactNode };

type Props = {
  response: TableResponse;
  /** 1-based, as the server counts pages. */
  page: number;
  pageSize: number;
  sortBy: string | null;
  sortDesc: boolean;
  onSort: (sortBy: string, sortDesc: boolean) => void;
  zone: string;
  onRowClick: (row: TableRow) => void;
  /** Whether a click on this row does anything (a link, or lead details). */
  rowClickable: (row: TableRow) => boolean;
  onAction: (action: TableAction, row: TableRow) => void;
  extraColumn?: ExtraColumn;
};

/** A fixed column stays in view while the table scrolls sideways (the library gives its offset). */
function fixedStyle(column: Column<DataTableFeatures, TableRow, unknown>, header = false): CSSProperties | undefined {
  if (column.getIsPinned() !== 'start') return undefined;
  return {
    position: 'sticky',
    left: column.getStart('start'),
    minWidth: column.getSize(),
    maxWidth: column.getSize(),
    zIndex: header ? 3 : 1,
  };
}

/**
 * The table itself (spec §2.8), on the table library: header groups, sortable headers (only the server's sortable
 * ones; the server sorts), fixed columns, the rows with their formats and actions, and the totals row.
 */
export function DataTableGrid(props: Props) {
  const { response, page, pageSize, sortBy, sortDesc, onSort, zone, onRowClick, rowClickable, onAction, extraColumn } =
    props;
  const columns = useMemo(() => tableColumns(response), [response]);
  const headersById = useMemo(
    () => new Map<string, TableHeader>(response.headers.map((header) => [header.value, header])),
    [response.headers],
  );
  const columnPinning = useMemo(
    () => ({ start: response.headers.filter((header) => header.fixed).map((header) => header.value), end: [] }),
    [response.headers],
  );
  const activeSort = sortBy ?? response.options.sortBy;
  const sorting: SortingState = activeSort
    ? [{ id: activeSort, desc: sortBy ? sortDesc : response.options.sortDesc }]
    : [];
  const pagination: PaginationState = { pageIndex: page - 1, pageSize };

  const table = useTable({
    features: dataTableFeatures,
    columns,
    data: response.items,
    state: { sorting, pagination, columnPinning },
    manualSorting: true,
    manualPagination: true,
    rowCount: response.options.totalCount,
    enableSortingRemoval: false,
    enableMultiSort: false,
    // A first click sorts ascending, whatever the column holds.
    sortDescFirst: false,
    onSortingChange: (updater) => {
      const [next] = functionalUpdate(updater, sorting);
      if (next) onSort(next.id, next.desc);
    },
  });

  // The last header row holds every leaf column in the order shown (fixed ones first); the body and totals follow it.
  const headerGroups = table.getHeaderGroups();
  const leafColumns = (headerGroups[headerGroups.length - 1]?.headers ?? []).map((header) => header.column);
  const totals = response.totals;
  const headerBackground = { bgcolor: 'background.paper' };
  const shownInHead = new Set<string>();

  return (
    <Table size="small" aria-label={response.name_table} data-testid="data-table">
      {/* The whole head sticks, not each cell: a group row and the column row stay stacked. */}
      <TableHead sx={{ position: 'sticky', top: 0, zIndex: 3 }}>
        {headerGroups.map((group, level) => (
          <MuiTableRow key={group.id}>
            {group.headers.map((header) => {
              const spec = headersById.get(header.column.id);
              if (spec === undefined) {
                return (
                  <TableCell
                    key={header.id}
                    colSpan={header.colSpan}
                    align="center"
                    sx={{ ...headerBackground, fontWeight: 600, whiteSpace: 'nowrap' }}
                  >
                    <table.FlexRender header={header} />
                  </TableCell>
                );
              }
              // A column under no group shows once, in its topmost row, spanning down to the column row.
              if (shownInHead.has(spec.value)) return null;
              shownInHead.add(spec.value);
              const sortState = header.column.getIsSorted();
              const text = <table.FlexRender header={header} />;
              const label = spec.tooltip ? (
                <Tooltip title={spec.tooltip}>
                  <span>{text}</span>
                </Tooltip>
              ) : (
                text
              );
              return (
                <TableCell
                  key={header.id}
                  rowSpan={headerGroups.length - level}
                  style={fixedStyle(header.column, true)}
                  sortDirection={sortState}
                  data-column={spec.value}
                  sx={{ ...headerBackground, fontWeight: 600, whiteSpace: 'nowrap', verticalAlign: 'bottom' }}
                >
                  {header.column.getCanSort() ? (
                    <TableSortLabel
                      active={sortState !== false}
                      direction={sortState === false ? 'asc' : sortState}
                      onClick={header.column.getToggleSortingHandler()}
                      data-testid={`table-sort-${header.column.id}`}
                    >
                      {label}
                    </TableSortLabel>
                  ) : (
                    label
                  )}
                </TableCell>
              );
            })}
            {extraColumn && level === 0 ? (
              <TableCell
                rowSpan={headerGroups.length}
                align="right"
                sx={{ ...headerBackground, fontWeight: 600, verticalAlign: 'bottom' }}
              >
                {extraColumn.header}
              </TableCell>
            ) : null}
          </MuiTableRow>
        ))}
      </TableHead>
      <TableBody>
        {table.getRowModel().rows.map((row) => {
          const original = row.original;
          const clickable = rowClickable(original);
          const cells = row.getAllCellsByColumnId();
          return (
            <MuiTableRow
              key={row.id}
              hover={clickable}
              selected={original.current_lead === true}
              className={typeof original.css_class === 'string' ? original.css_class : undefined}
              onClick={clickable ? () => onRowClick(original) : undefined}
              // A clickable row is reachable and opened from the keyboard too.
              tabIndex={clickable ? 0 : undefined}
              onKeyDown={
                clickable
                  ? (event) => {
                      if (event.key === 'Enter' && event.target === event.currentTarget) onRowClick(original);
                    }
                  : undefined
              }
              data-testid="table-row"
              data-id={String(original[response.identifier_name] ?? '')}
              data-valid={original.is_valid === undefined ? undefined : String(original.is_valid !== false)}
              sx={clickable ? { cursor: 'pointer' } : undefined}
            >
              {leafColumns.map((column) => {
                const cell = cells[column.id];
                const spec = headersById.get(column.id);
                if (!spec || !cell) return null;
                return (
                  <TableCell
                    key={cell.id}
                    style={fixedStyle(cell.column)}
                    data-column={spec.value}
                    sx={{ whiteSpace: 'nowrap', ...(spec.fixed ? { bgcolor: 'background.paper' } : {}) }}
                  >
                    {spec.actions && spec.actions.length > 0 ? (
                      <RowActions actions={spec.actions} row={original} onAction={onAction} />
                    ) : (
                      <TableCellValue header={spec} row={original} zone={zone} />
                    )}
                  </TableCell>
                );
              })}
              {extraColumn ? <TableCell align="right">{extraColumn.cell(original)}</TableCell> : null}
            </MuiTableRow>
          );
        })}
        {totals && response.items.length > 0 ? (
          <MuiTableRow
            data-testid="table-totals"
            sx={{ '& td': { fontWeight: 600, borderTop: 2, borderColor: 'divider' } }}
          >
            {leafColumns.map((column, index) => {
              const spec = headersById.get(column.id);
              const total = spec?.total ? formatTotal(spec, totals[column.id]) : '';
              return (
                <TableCell
                  key={column.id}
                  style={fixedStyle(column)}
                  data-column={column.id}
                  sx={{ bgcolor: 'background.paper' }}
                >
                  {index === 0 && total === '' ? (
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      Total
                    </Typography>
                  ) : (
                    total
                  )}
                </TableCell>
              );
            })}
            {extraColumn ? <TableCell /> : null}
          </MuiTableRow>
        ) : null}
      </TableBody>
    </Table>
  );
}
