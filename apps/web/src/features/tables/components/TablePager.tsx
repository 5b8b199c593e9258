import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { pageButtons, pageCountOf } from '../utils/pageButtons';

type Props = {
  page: number;
  pageSize: number;
  pageSizes: readonly number[];
  totalCount: number;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
};

/** The pager (spec §9): up to 10 page buttons around the current one, and the server's page sizes. */
export function TablePager({ page, pageSize, pageSizes, totalCount, onPage, onPageSize }: Props) {
  const pageCount = pageCountOf(totalCount, pageSize);
  const first = totalCount === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(totalCount, page * pageSize);
  const sizes = pageSizes.includes(pageSize) ? pageSizes : [...pageSizes, pageSize].sort((a, b) => a - b);
  return (
    <Box
      component="nav"
      aria-label="Table pages"
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, justifyContent: 'flex-end', py: 1 }}
      data-testid="table-pager"
    >
      <TextField
        select
        size="small"
        label="Rows per page"
        value={pageSize}
        onChange={(event) => onPageSize(Number(event.target.value))}
        data-testid="table-page-size"
        sx={{ minWidth: 130 }}
      >
        {sizes.map((size) => (
          <MenuItem key={size} value={size}>
            {size}
          </MenuItem>
        ))}
      </TextField>
      <Typography variant="body2" color="text.secondary" sx={{ mx: 1 }} data-testid="table-range">
        {`${first.toLocaleString('en-US')}–${last.toLocaleString('en-US')} of ${totalCount.toLocaleString('en-US')}`}
      </Typography>
      <IconButton aria-label="Previous page" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeftIcon />
      </IconButton>
      {pageButtons(page, pageCount).map((number) => (
        <Button
          key={number}
          size="small"
          variant={number === page ? 'contained' : 'text'}
          aria-current={number === page ? 'page' : undefined}
          aria-label={`Page ${number}`}
          onClick={() => onPage(number)}
          data-testid="table-page-button"
          sx={{ minWidth: 36, px: 1 }}
        >
          {number}
        </Button>
      ))}
      <IconButton aria-label="Next page" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
        <ChevronRightIcon />
      </IconButton>
    </Box>
  );
}
