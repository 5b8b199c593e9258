import DateRangeIcon from '@mui/icons-material/DateRange';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { DateCalendar } from '@mui/x-date-pickers/DateCalendar';
import { PickerDay, type PickerDayProps } from '@mui/x-date-pickers/PickerDay';
import { type DayRange, isSelectableDay, normalizeDayRange } from '@shiftline/shared';
import { DateTime } from 'luxon';
import { createContext, useContext, useState } from 'react';

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

const PickedRange = createContext<DayRange | null>(null);

function formatRange(range: DayRange): string {
  const start = DateTime.fromISO(range.start).setLocale('en-US');
  const end = DateTime.fromISO(range.end).setLocale('en-US');
  if (range.start === range.end) return start.toFormat('MMM d, yyyy');
  if (start.year === end.year) return `${start.toFormat('MMM d')} – ${end.toFormat('MMM d, yyyy')}`;
  return `${start.toFormat('MMM d, yyyy')} – ${end.toFormat('MMM d, yyyy')}`;
}

/** A calendar day that shows the picked range: both ends selected, the days between shaded. */
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
  if (picked.length === 0) return 'Pick the first day';
  if (picked.length === 1) return 'Pick the last day, or OK for this day only';
  const range = normalizeDayRange(picked);
  return range ? formatRange(range) : '';
}

/**
 * The product's date-range picker: clicks pick the first then the last day, OK applies. OK stays
 * disabled until a day is picked; one day means that day to that day; a reversed pick is swapped.
 */
export function DateRangePicker({
  value,
  onChange,
  zone,
  displayFrom,
  label = 'Period',
  testId,
}: DateRangePickerProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [picked, setPicked] = useState<string[]>([]);
  const range = normalizeDayRange(picked);

  const pick = (day: DateTime | null) => {
    const iso = day?.toISODate();
    if (!iso) return;
    setPicked((previous) => (previous.length === 1 && previous[0] ? [previous[0], iso] : [iso]));
  };
  const close = () => setAnchor(null);
  const apply = () => {
    if (!range) return;
    onChange(range);
    close();
  };

  return (
    <>
      <Button
        variant="outlined"
        color="inherit"
        startIcon={<DateRangeIcon color="action" />}
        aria-label={`${label}: ${formatRange(value)}`}
        aria-haspopup="dialog"
        onClick={(event) => {
          setPicked([]);
          setAnchor(event.currentTarget);
        }}
        data-testid={testId}
        sx={{ borderColor: 'divider', fontWeight: 500 }}
      >
        {formatRange(value)}
      </Button>
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
            referenceDate={DateTime.fromISO(value.start, { zone })}
            shouldDisableDate={(day) => !isSelectableDay(day.toISODate() ?? '', displayFrom, zone)}
            slots={{ day: RangeDay }}
          />
        </PickedRange.Provider>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, px: 2, pb: 2 }}>
          <Button onClick={close} data-testid="date-range-cancel">
            Cancel
          </Button>
          <Button variant="contained" onClick={apply} disabled={range === null} data-testid="date-range-ok">
            OK
          </Button>
        </Box>
      </Popover>
    </>
  );
}
