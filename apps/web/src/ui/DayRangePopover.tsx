import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { AdapterLuxon } from '@mui/x-date-pickers/AdapterLuxon';
import { DateCalendar } from '@mui/x-date-pickers/DateCalendar';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { PickerDay, type PickerDayProps } from '@mui/x-date-pickers/PickerDay';
import { type DayRange, formatDay, isSelectableDay, normalizeDayRange } from '@shiftline/shared';
import { DateTime } from 'luxon';
import { createContext, useContext, useEffect, useState } from 'react';

/** A day range as the pickers show it: 'Mar 4, 2030', 'Mar 2 – Mar 4, 2030', 'Dec 30, 2029 – Jan 2, 2030'. */
export function formatDayRange(range: DayRange): string {
  const start = DateTime.fromISO(range.start).setLocale('en-US');
  const end = DateTime.fromISO(range.end).setLocale('en-US');
  if (range.start === range.end) return formatDay(range.start);
  if (start.year === end.year) return `${start.toFormat('MMM d')} – ${formatDay(range.end)}`;
  return `${formatDay(range.start)} – ${formatDay(range.end)}`;
}

const PickedRange = createContext<DayRange | null>(null);

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

type DayRangePopoverProps = {
  /** The element the calendar opens under; null keeps it closed. Each opening starts a fresh pick. */
  anchor: HTMLElement | null;
  onClose: () => void;
  onApply: (range: DayRange) => void;
  zone: string;
  displayFrom: string | null;
  /** The month the calendar opens on. */
  referenceDay: string;
  label: string;
  /** What the hint says before the first click. */
  firstHint?: string;
  testIdPrefix?: string;
};

/**
 * The calendar every range picker opens: clicks pick the first then the last day, OK applies. OK stays disabled
 * until a day is picked; one day means that day to that day; a reversed pick is swapped (spec §5).
 */
export function DayRangePopover({
  anchor,
  onClose,
  onApply,
  zone,
  displayFrom,
  referenceDay,
  label,
  firstHint = 'Pick the first day',
  testIdPrefix = 'date-range',
}: DayRangePopoverProps) {
  const [picked, setPicked] = useState<string[]>([]);
  const range = normalizeDayRange(picked);
  useEffect(() => {
    if (anchor) setPicked([]);
  }, [anchor]);

  const pick = (day: DateTime | null) => {
    const iso = day?.toISODate();
    if (!iso) return;
    setPicked((previous) => (previous.length === 1 && previous[0] ? [previous[0], iso] : [iso]));
  };
  const hint =
    picked.length === 0
      ? firstHint
      : picked.length === 1
        ? 'Pick the last day, or OK for this day only'
        : range
          ? formatDayRange(range)
          : '';

  return (
    <Popover
      open={anchor !== null}
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      slotProps={{ paper: { role: 'dialog', 'aria-label': label, sx: { mt: 1 } } }}
    >
      <Typography variant="body2" color="text.secondary" sx={{ px: 3, pt: 2 }} aria-live="polite">
        {hint}
      </Typography>
      {/* The calendar's own provider: the pickers' Luxon adapter stays out of the pages that show no calendar. */}
      <LocalizationProvider dateAdapter={AdapterLuxon} adapterLocale="en-US">
        <PickedRange.Provider value={range}>
          <DateCalendar
            value={null}
            onChange={pick}
            timezone={zone}
            referenceDate={DateTime.fromISO(referenceDay, { zone })}
            shouldDisableDate={(day) => !isSelectableDay(day.toISODate() ?? '', displayFrom, zone)}
            slots={{ day: RangeDay }}
          />
        </PickedRange.Provider>
      </LocalizationProvider>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, px: 2, pb: 2 }}>
        <Button onClick={onClose} data-testid={`${testIdPrefix}-cancel`}>
          Cancel
        </Button>
        <Button
          variant="contained"
          onClick={() => {
            if (!range) return;
            onApply(range);
            onClose();
          }}
          disabled={range === null}
          data-testid={`${testIdPrefix}-ok`}
        >
          OK
        </Button>
      </Box>
    </Popover>
  );
}
