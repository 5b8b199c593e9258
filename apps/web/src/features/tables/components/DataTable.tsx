import FileDownloadIcon from '@mui/icons-material/FileDownload';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { TableRow } from '@shiftline/shared';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { NoticeSnackbar } from '../../../ui/NoticeSnackbar';
import { useCurrentUser } from '../../auth';
import { useRowActions } from '../hooks/useRowActions';
import { useScrollArrows } from '../hooks/useScrollArrows';
import { useTableData } from '../hooks/useTableData';
import { useTableExport } from '../hooks/useTableExport';
import { useTableUrlState } from '../hooks/useTableUrlState';
import { pageCountOf } from '../utils/pageButtons';
import { DataTableGrid, type ExtraColumn } from './DataTableGrid';
import { EditRowDialog } from './EditRowDialog';
import { ExportDialog } from './ExportDialog';
import { LeadDetailsDialog } from './LeadDetailsDialog';
import { ScrollArrows } from './ScrollArrows';
import { TableFilters } from './TableFilters';
import { TablePager } from './TablePager';

/** A lead row (a client's): a click shows its details when the table has no link for it. */
const isLeadRow = (row: TableRow) => row.client_id !== undefined && row.client_id !== null;

/** What a page built on the table adds (the cold calls: its text, live marks and a Call button). */
export type DataTableExtras = {
  /** Shown under the title. */
  intro?: ReactNode;
  /** The generic /tables/:name page: the browser's title is the table's name. */
  namesPage?: boolean;
  /** A last column of the page's own. */
  extraColumn?: ExtraColumn;
  /** A row as shown: live marks the page knows before the next load (a client gone busy, say). */
  decorateRow?: (row: TableRow) => TableRow;
  /** Each load's time and how to load again: a live page reloads through its own throttle. */
  onLoaded?: (loaded: { at: number; reload: () => void }) => void;
};

/**
 * The one component for every server table (spec §2.8): the filters row, the table, the pager, the export, row
 * actions and edit forms. Its page, size, sort and filters live in the address.
 */
export function DataTable({
  name,
  intro,
  namesPage = false,
  extraColumn,
  decorateRow,
  onLoaded,
}: { name: string } & DataTableExtras) {
  const user = useCurrentUser();
  const zone = user.timezone;
  const navigate = useNavigate();
  const state = useTableUrlState();
  const { params } = state;
  const table = useTableData(name, params);
  const loaded = table.data;
  const response = useMemo(
    () => (loaded && decorateRow ? { ...loaded, items: loaded.items.map(decorateRow) } : loaded),
    [loaded, decorateRow],
  );
  const { refetch, loadedAt } = table;
  const reload = () => void refetch();
  useEffect(() => {
    if (loadedAt > 0) onLoaded?.({ at: loadedAt, reload: () => void refetch() });
  }, [loadedAt, onLoaded, refetch]);
  const actions = useRowActions(response?.identifier_name ?? 'id', reload);
  const exporting = useTableExport(name, params);
  const [lead, setLead] = useState<TableRow | null>(null);
  const arrows = useScrollArrows();

  const pageSize = params.items_per_page ?? response?.options.items_per_page ?? 50;
  const totalCount = response?.options.totalCount ?? 0;
  // Spec §9: a page beyond the last (fewer rows after a filter, an old link) goes back to page 1.
  const beyond = response !== undefined && !table.loading && params.page > pageCountOf(totalCount, pageSize);
  const { setPage } = state;
  useEffect(() => {
    if (beyond) setPage(1, true);
  }, [beyond, setPage]);

  // On the generic page the browser's title names the table, as the route's 'Table' cannot ('Call log · Shiftline');
  // a page of its own (administration, cold calls) keeps its route's title.
  const tableTitle = namesPage ? response?.name_table : undefined;
  useEffect(() => {
    if (tableTitle) document.title = `${tableTitle} · Shiftline`;
  }, [tableTitle]);

  const rowLink = (row: TableRow) =>
    response?.clickable_row === true && typeof row.url === 'string' && row.url !== '' ? row.url : null;
  const openRow = (row: TableRow) => {
    const url = rowLink(row);
    if (url === null) setLead(row);
    else if (/^https?:\/\//.test(url)) window.location.assign(url);
    else navigate(url);
  };

  return (
    <Box
      data-testid="data-table-page"
      data-table={name}
      // The filters this render asks with: the address changes before the page renders them.
      data-filters={JSON.stringify(params.chosen)}
      data-loaded={response !== undefined && !table.loading}
    >
      <Typography variant="h1" sx={{ mb: 2 }} data-testid="table-title">
        {response?.name_table ?? '\u00a0'}
      </Typography>
      {intro ? <Box sx={{ mt: -1, mb: 2 }}>{intro}</Box> : null}
      {response ? (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 1 }}>
          <TableFilters
            response={response}
            chosen={params.chosen}
            onChange={state.setFilter}
            zone={zone}
            displayFrom={user.display_from}
          />
          {response.export_to_csv ? (
            <Button
              variant="outlined"
              startIcon={<FileDownloadIcon />}
              onClick={() => void exporting.run(response)}
              data-testid="table-export"
              sx={{ ml: 'auto' }}
            >
              Export
            </Button>
          ) : null}
        </Box>
      ) : null}
      <Box sx={{ height: 4, mb: 1 }}>{table.loading ? <LinearProgress aria-label="Loading the table" /> : null}</Box>

      {response === undefined ? (
        <Typography color="text.secondary" data-testid="table-loading">
          {table.failed ? 'The table could not be loaded.' : 'Loading... Please wait'}
        </Typography>
      ) : (
        <Paper variant="outlined" sx={{ position: 'relative' }}>
          {arrows.shown ? <ScrollArrows onStart={arrows.start} onStop={arrows.stop} /> : null}
          <Box ref={arrows.ref} sx={{ overflowX: 'auto', maxHeight: '70vh' }} data-testid="table-scroller">
            <DataTableGrid
              response={response}
              page={params.page}
              pageSize={pageSize}
              sortBy={params.sortBy}
              sortDesc={params.sortDesc}
              onSort={state.setSort}
              zone={zone}
              onRowClick={openRow}
              rowClickable={(row) => rowLink(row) !== null || isLeadRow(row)}
              onAction={actions.start}
              extraColumn={extraColumn}
            />
          </Box>
          {response.items.length === 0 ? (
            <Typography color="text.secondary" sx={{ p: 2 }} data-testid="table-empty">
              No data available
            </Typography>
          ) : null}
          <TablePager
            page={params.page}
            pageSize={pageSize}
            pageSizes={response.options.supportedPageSizes}
            totalCount={totalCount}
            onPage={(page) => setPage(page)}
            onPageSize={state.setPageSize}
          />
        </Paper>
      )}

      {response && lead ? (
        <LeadDetailsDialog headers={response.headers} row={lead} zone={zone} onClose={() => setLead(null)} />
      ) : null}
      {response && actions.editing ? (
        <EditRowDialog
          tableName={name}
          identifierName={response.identifier_name}
          row={actions.editing.row}
          formUrl={actions.editing.action.url}
          zone={zone}
          onSaved={() => {
            actions.closeEdit();
            reload();
          }}
          onClose={actions.closeEdit}
        />
      ) : null}
      <ConfirmDialog
        open={actions.confirming !== null}
        title={actions.confirming?.action.text ?? ''}
        text={actions.confirming?.action.confirm ?? ''}
        busy={actions.busy}
        onConfirm={() => void actions.confirm()}
        onCancel={actions.cancelConfirm}
        confirmTestId="table-action-confirm"
      />
      <ExportDialog state={exporting.state} onClose={exporting.reset} />
      <NoticeSnackbar notice={actions.notice} onClose={actions.closeNotice} testId="table-notice" />
    </Box>
  );
}
