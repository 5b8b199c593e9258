import ClearIcon from '@mui/icons-material/Clear';
import DateRangeIcon from '@mui/icons-material/DateRange';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { type DayRange, dayRangeToUnix, type PeriodValue } from '@shiftline/shared';
import { DateTime } from 'luxon';
import { useState } from 'react';
import { DateRangePicker } from '../../../ui/DateRangePicker';
import { DayRangePopover } from '../../../ui/DayRangePopover';

type Props = {
  label: string;
  value: PeriodValue | null;
  onChange: (value: PeriodValue | null) => void;
  zone: string;
  displayFrom: string | null;
  testId: string;
};

const isPeriod = (value: unknown): value is PeriodValue =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as PeriodValue).start === 'number' &&
  typeof (value as PeriodValue).end === 'number';

export const asPeriod = (value: unknown): PeriodValue | null => (isPeriod(value) ? value : null);

/** A period filter's Unix seconds as the days they cover in the viewer's zone. */
function dayRangeOf(period: PeriodValue, zone: string): DayRange {
  return {
    start: DateTime.fromSeconds(period.start, { zone }).toISODate() as string,
    end: DateTime.fromSeconds(period.end, { zone }).toISODate() as string,
  };
}

/**
 * A table's period filter: the product's date-range picker with a clear button, or 'Select period' while it has
 * none (the whole table, which cannot be exported).
 */
export function PeriodFilter({ label, value, onChange, zone, displayFrom, testId }: Props) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const apply = (range: DayRange) => onChange(dayRangeToUnix(range, zone));
  if (value === null) {
    return (
      <>
        <Button
          variant="outlined"
          color="inherit"
          startIcon={<DateRangeIcon color="action" />}
          aria-haspopup="dialog"
          onClick={(event) => setAnchor(event.currentTarget)}
          data-testid={testId}
          sx={{ borderColor: 'divider', fontWeight: 500 }}
        >
          {`${label}: any`}
        </Button>
        <DayRangePopover
          anchor={anchor}
          onClose={() => setAnchor(null)}
          onApply={apply}
          zone={zone}
          displayFrom={displayFrom}
          referenceDay={DateTime.now().setZone(zone).toISODate() as string}
          label={label}
        />
      </>
    );
  }
  return (
    <Box sx={{ display: 'flex', alignItems: 'center' }}>
      <DateRangePicker
        value={dayRangeOf(value, zone)}
        onChange={apply}
        zone={zone}
        displayFrom={displayFrom}
        label={label}
        testId={testId}
      />
      <IconButton size="small" aria-label={`Clear ${label}`} onClick={() => onChange(null)}>
        <ClearIcon fontSize="small" />
      </IconButton>
    </Box>
  );
}
