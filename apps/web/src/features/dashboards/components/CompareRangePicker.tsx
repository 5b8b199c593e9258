import ClearIcon from '@mui/icons-material/Clear';
import CompareArrowsIcon from '@mui/icons-material/CompareArrows';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Popover from '@mui/material/Popover';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DateCalendar } from '@mui/x-date-pickers/DateCalendar';
import { PickerDay, type PickerDayProps } from '@mui/x-date-pickers/PickerDay';
import { type DayRange, isSelectableDay, normalizeDayRange } from '@shiftline/shared';
import { DateTime } from 'luxon';
import { createContext, type KeyboardEvent, useContext, useState } from 'react';
import { formatDayRange } from '../utils/dashboardRanges';

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

const PickedRange = createContext<DayRange | null>(null);

function RangeDay(props: PickerDayProps) {
  const range = useContext(PickedRange);
  const day = props.day.toISODate() ?? '';
  const visible = range !== null && !props.outsideCurrentMonth;
  const isEnd = visible && (day === range.start || day === range.end);
  const isBetween = visible && day > range.start && day < range.end;
  return (
    <PickerDay
      {...props}
      selected={isEnd}
      sx={isBetween ? { bgcolor: 'primary.light', color: 'primary.dark', borderRadius: 1 } : undefined}
    />
  );
}

function hint(picked: readonly string[]): string {
  if (picked.length === 0) return 'Pick the first day to compare with';
  if (picked.length === 1) return 'Pick the last day, or OK for this day only';
  const range = normalizeDayRange(picked);
  return range ? formatDayRange(range) : '';
}

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
  const [picked, setPicked] = useState<string[]>([]);
  const range = normalizeDayRange(picked);
  const label = value ? COMPARE_SET_LABEL : COMPARE_EMPTY_LABEL;

  const open = (element: HTMLElement) => {
    setPicked([]);
    setAnchor(element);
  };
  const close = () => setAnchor(null);
  const pick = (day: DateTime | null) => {
    const iso = day?.toISODate();
    if (!iso) return;
    setPicked((previous) => (previous.length === 1 && previous[0] ? [previous[0], iso] : [iso]));
  };
  const apply = () => {
    if (!range) return;
    onChange(range);
    close();
  };
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
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        slotProps={{ paper: { role: 'dialog', 'aria-label': label, sx: { mt: 1 } } }}
      >
        <Typography variant="body2" color="text.secondary" sx={{ px: 3, pt: 2 }} aria-live="polite">
          {hint(picked)}
        </Typography>
        <PickedRange.Provider value={range}>
          <DateCalendar
            value={null}
            onChange={pick}
            timezone={zone}
            referenceDate={DateTime.fromISO(value?.start ?? referenceDay, { zone })}
            shouldDisableDate={(day) => !isSelectableDay(day.toISODate() ?? '', displayFrom, zone)}
            slots={{ day: RangeDay }}
          />
        </PickedRange.Provider>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, px: 2, pb: 2 }}>
          <Button onClick={close} data-testid="compare-range-cancel">
            Cancel
          </Button>
          <Button variant="contained" onClick={apply} disabled={range === null} data-testid="compare-range-ok">
            OK
          </Button>
        </Box>
      </Popover>
    </>
  );
}
