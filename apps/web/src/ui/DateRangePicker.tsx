import DateRangeIcon from '@mui/icons-material/DateRange';
import Button from '@mui/material/Button';
import type { DayRange } from '@shiftline/shared';
import { useState } from 'react';
import { DayRangePopover, formatDayRange } from './DayRangePopover';

type DateRangePickerProps = {
  /** The chosen days as ISO dates in `zone`. */
  value: DayRange;
  onChange: (range: DayRange) => void;
  /** The viewer's time zone: decides which day is today and where days begin. */
  zone: string;
  /** The user's display-from moment (ISO UTC); earlier days cannot be picked. */
  displayFrom: string | null;
  label?: string;
  testId?: string;
};

/** The product's date-range picker: a button showing the range, opening the range calendar (OK applies). */
export function DateRangePicker({
  value,
  onChange,
  zone,
  displayFrom,
  label = 'Period',
  testId,
}: DateRangePickerProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button
        variant="outlined"
        color="inherit"
        startIcon={<DateRangeIcon color="action" />}
        aria-label={`${label}: ${formatDayRange(value)}`}
        aria-haspopup="dialog"
        onClick={(event) => setAnchor(event.currentTarget)}
        data-testid={testId}
        sx={{ borderColor: 'divider', fontWeight: 500 }}
      >
        {formatDayRange(value)}
      </Button>
      <DayRangePopover
        anchor={anchor}
        onClose={() => setAnchor(null)}
        onApply={onChange}
        zone={zone}
        displayFrom={displayFrom}
        referenceDay={value.start}
        label={label}
      />
    </>
  );
}
