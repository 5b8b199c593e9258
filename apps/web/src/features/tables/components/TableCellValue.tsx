import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { TableHeader, TableRow } from '@shiftline/shared';
import { RecordingsButton } from '../../calls';
import { formatCellText } from '../utils/formatCell';

type Props = { header: TableHeader; row: TableRow; zone: string };

/** One cell's value in its header's format: a chip for as_atom, a red phone when the row says it is not valid. */
export function TableCellValue({ header, row, zone }: Props) {
  const text = formatCellText(header, row, zone);
  if (header.as_atom && text !== '—') {
    return <Chip size="small" label={text} variant="outlined" data-testid="table-atom" />;
  }
  if (header.opens_recordings && text !== '—') {
    return <RecordingsButton callId={Number(row.id)} label={text} zone={zone} />;
  }
  if (header.check_valid_phone) {
    const invalid = row.is_valid === false;
    // A busy client's number is greyed (spec §4), a number that is not valid red.
    const busy = row.css_class === 'busy';
    return (
      <Typography
        component="span"
        variant="body2"
        data-valid={String(!invalid)}
        data-busy={String(busy)}
        sx={{
          color: busy ? 'text.disabled' : invalid ? 'error.main' : 'inherit',
          fontVariantNumeric: 'tabular-nums',
        }}
      >
        {text}
      </Typography>
    );
  }
  return text;
}
