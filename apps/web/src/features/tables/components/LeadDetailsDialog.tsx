import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { TableHeader, TableRow } from '@shiftline/shared';
import { TableCellValue } from './TableCellValue';

type Props = { headers: readonly TableHeader[]; row: TableRow; zone: string; onClose: () => void };

/** A lead row's details (spec §2.8): every column of the row, one per line, in the table's formats. */
export function LeadDetailsDialog({ headers, row, zone, onClose }: Props) {
  const shown = headers.filter((header) => !header.actions || header.actions.length === 0);
  return (
    <Dialog
      open
      onClose={onClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby="lead-details-title"
      data-testid="lead-details"
    >
      <DialogTitle id="lead-details-title">Lead details</DialogTitle>
      <DialogContent>
        <Box
          component="dl"
          sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 3, rowGap: 1, m: 0 }}
        >
          {shown.map((header) => (
            <Box key={header.value} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {header.text}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                <TableCellValue header={header} row={row} zone={zone} />
              </Typography>
            </Box>
          ))}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
