import ClearIcon from '@mui/icons-material/Clear';
import CompareArrowsIcon from '@mui/icons-material/CompareArrows';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import type { DayRange } from '@shiftline/shared';
import { type KeyboardEvent, useState } from 'react';
import { DayRangePopover, formatDayRange } from '../../../ui/DayRangePopover';

export const COMPARE_EMPTY_LABEL = 'Compare mode';
export const COMPARE_SET_LABEL = 'Compare with date';

type CompareRangePickerProps = {
  /** The compare range, or null when not comparing. */
  value: DayRange | null;
  onChange: (range: DayRange | null) => void;
  zone: string;
  displayFrom: string | null;
  /** The month the calendar opens on when nothing is chosen yet (the main range's first day). */
  referenceDay: string;
  testId?: string;
};

/**
 * The compare date-range picker: labelled 'Compare mode' while empty and 'Compare with date' once a range is
 * chosen, clearable. It picks like the main picker (first day, last day, OK; one day is that day; reversed
 * picks are swapped), but may be empty, which the main picker never is.
 */
export function CompareRangePicker({
  value,
  onChange,
  zone,
  displayFrom,
  referenceDay,
  testId,
}: CompareRangePickerProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const label = value ? COMPARE_SET_LABEL : COMPARE_EMPTY_LABEL;
  const open = (element: HTMLElement) => setAnchor(element);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Enter' || event.key === ' ' || event.key === 'ArrowDown') {
      event.preventDefault();
      open(event.currentTarget);
    }
  };

  return (
    <>
      <TextField
        size="small"
        label={label}
        value={value ? formatDayRange(value) : ''}
        onClick={(event) => open(event.currentTarget)}
        onKeyDown={onKeyDown}
        data-testid={testId}
        data-compare={value ? `${value.start}/${value.end}` : ''}
        sx={{ width: 230, '& input': { cursor: 'pointer' } }}
        slotProps={{
          htmlInput: { readOnly: true, 'aria-haspopup': 'dialog' },
          input: {
            // No start adornment: it would lift the label, and an empty picker reads 'Compare mode' inside it.
            endAdornment: value ? (
              <InputAdornment position="end">
                <IconButton
                  size="small"
                  edge="end"
                  aria-label="Clear the compare range"
                  data-testid="compare-clear"
                  onClick={(event) => {
                    event.stopPropagation();
                    onChange(null);
                  }}
                >
                  <ClearIcon fontSize="small" />
                </IconButton>
              </InputAdornment>
            ) : (
              <InputAdornment position="end">
                <CompareArrowsIcon fontSize="small" color="action" />
              </InputAdornment>
            ),
          },
        }}
      />
      <DayRangePopover
        anchor={anchor}
        onClose={() => setAnchor(null)}
        onApply={onChange}
        zone={zone}
        displayFrom={displayFrom}
        referenceDay={value?.start ?? referenceDay}
        label={label}
        firstHint="Pick the first day to compare with"
        testIdPrefix="compare-range"
      />
    </>
  );
}
