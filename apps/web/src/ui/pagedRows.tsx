import TableCell from '@mui/material/TableCell';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';

/**
 * Paging rows held in memory (a live report the events keep current): the rows of the page shown and the props of
 * its footer. A list that shrinks never leaves the table on an empty page.
 */
export function usePagedRows<Row>(rows: readonly Row[], pageSize: number) {
  const [page, setPage] = useState(0);
  const pages = Math.max(1, Math.ceil(rows.length / pageSize));
  const shown = Math.min(page, pages - 1);
  return {
    visible: rows.slice(shown * pageSize, (shown + 1) * pageSize),
    footer: { count: rows.length, page: shown, pageSize, onPageChange: setPage },
  };
}

/** The footer `usePagedRows` gives the props of: one page size, no size choice. */
export function PagedRowsFooter({ count, page, pageSize, onPageChange }: ReturnType<typeof usePagedRows>['footer']) {
  return (
    <TablePagination
      component="div"
      count={count}
      page={page}
      rowsPerPage={pageSize}
      rowsPerPageOptions={[pageSize]}
      onPageChange={(_event, next) => onPageChange(next)}
    />
  );
}

/** The one row a table shows when it has none. */
export function EmptyTableRow({ columns, label }: { columns: number; label: string }) {
  return (
    <TableRow>
      <TableCell colSpan={Math.max(1, columns)}>
        <Typography color="text.secondary">{label}</Typography>
      </TableCell>
    </TableRow>
  );
}
