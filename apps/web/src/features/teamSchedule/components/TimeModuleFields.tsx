import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { type Interval, shiftEndChoices, shiftStartChoices } from '@shiftline/shared';
import { useMemo } from 'react';
import {
  BreakList,
  changeBreakStart,
  changeEnd,
  changeStart,
  type ShiftDraft,
  StartEndSelects,
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
      <StartEndSelects
        draft={draft}
        startOptions={startOptions}
        endOptions={endOptions}
        errors={errors}
        onStartChange={(start) => onChange(changeStart(draft, start, busy))}
        onEndChange={(end) => onChange(changeEnd(draft, end))}
        testPrefix={testPrefix}
        gap={1.5}
      />
      {errors.breaks ? <Alert severity="error">Breaks: {errors.breaks}</Alert> : null}
      <BreakList
        draft={draft}
        zone={zone}
        day={day}
        onBreakChange={(index, start) => onChange(changeBreakStart(draft, index, start))}
        testId={`${testPrefix}-breaks`}
      />
    </Box>
  );
}
