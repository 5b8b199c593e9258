import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { type Interval, shiftEndChoices, shiftStartChoices } from '@shiftline/shared';
import { useMemo } from 'react';
import {
  BreakRow,
  changeBreakStart,
  changeEnd,
  changeStart,
  type ShiftDraft,
  TimeSelect,
  timeOptions,
} from '../../schedule';

type TimeModuleFieldsProps = {
  draft: ShiftDraft;
  onChange: (draft: ShiftDraft) => void;
  /** The local day the module is on, and the viewer's zone. */
  day: string;
  zone: string;
  /** Times the module must keep clear of (e.g. the planner's other modules). */
  busy?: readonly Interval[];
  now: number;
  errors?: Record<string, string | undefined>;
  /** Prefix of the selects' test ids: `${testPrefix}-start`, `${testPrefix}-end`. */
  testPrefix: string;
};

/** A time module: start and end on 15-minute steps for the day, and the breaks the rule asks for (spec). */
export function TimeModuleFields({
  draft,
  onChange,
  day,
  zone,
  busy = [],
  now,
  errors = {},
  testPrefix,
}: TimeModuleFieldsProps) {
  // Keyed by the busy times' values: callers pass a fresh array on every render.
  const busyKey = busy.map((interval) => `${interval.start}-${interval.end}`).join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: busyKey stands for busy
  const startOptions = useMemo(
    () => timeOptions(shiftStartChoices(day, zone, [...busy], now), zone, day),
    [day, zone, busyKey, Math.floor(now / 60_000)],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: busyKey stands for busy
  const endOptions = useMemo(
    () => (draft.start === null ? [] : timeOptions(shiftEndChoices(draft.start, [...busy]), zone, day)),
    [draft.start, zone, day, busyKey],
  );
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1.5 }}>
        <TimeSelect
          label="Start"
          value={draft.start}
          options={startOptions}
          onChange={(start) => onChange(changeStart(draft, start, busy))}
          error={errors.start}
          testId={`${testPrefix}-start`}
        />
        <TimeSelect
          label="End"
          value={draft.end}
          options={endOptions}
          onChange={(end) => onChange(changeEnd(draft, end))}
          disabled={draft.start === null}
          error={errors.end}
          testId={`${testPrefix}-end`}
        />
      </Box>
      {errors.breaks ? <Alert severity="error">Breaks: {errors.breaks}</Alert> : null}
      {draft.start !== null && draft.end !== null && draft.breaks.length > 0 ? (
        <Box sx={{ display: 'grid', gap: 1.5 }} data-testid={`${testPrefix}-breaks`}>
          {draft.breaks.map((plannedBreak, index) => (
            <BreakRow
              // Breaks keep their places in the list, so the index names one.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              key={index}
              plannedBreak={plannedBreak}
              shift={{ start: draft.start as number, end: draft.end as number }}
              others={draft.breaks.filter((_, at) => at !== index)}
              zone={zone}
              day={day}
              onChange={(start) => onChange(changeBreakStart(draft, index, start))}
            />
          ))}
        </Box>
      ) : (
        <Typography variant="body2" color="text.secondary">
          Pick the start and end; the breaks are planned for you.
        </Typography>
      )}
    </Box>
  );
}
