import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ShiftDraft } from '../utils/shiftDraft';
import type { TimeOption } from '../utils/timeOptions';
import { BreakRow } from './BreakRow';
import { TimeSelect } from './TimeSelect';

type StartEndSelectsProps = {
  draft: ShiftDraft;
  startOptions: readonly TimeOption[];
  endOptions: readonly TimeOption[];
  errors: Record<string, string | undefined>;
  onStartChange: (start: number | null) => void;
  onEndChange: (end: number | null) => void;
  /** The selects' test ids: `${testPrefix}-start`, `${testPrefix}-end`. */
  testPrefix: string;
  /** The space between the two selects, in theme spacing. */
  gap: number;
};

/** A shift's start and end side by side; the end waits for a start. */
export function StartEndSelects({
  draft,
  startOptions,
  endOptions,
  errors,
  onStartChange,
  onEndChange,
  testPrefix,
  gap,
}: StartEndSelectsProps) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap }}>
      <TimeSelect
        label="Start"
        value={draft.start}
        options={startOptions}
        onChange={onStartChange}
        error={errors.start}
        testId={`${testPrefix}-start`}
      />
      <TimeSelect
        label="End"
        value={draft.end}
        options={endOptions}
        onChange={onEndChange}
        disabled={draft.start === null}
        error={errors.end}
        testId={`${testPrefix}-end`}
      />
    </Box>
  );
}

type BreakListProps = {
  draft: ShiftDraft;
  zone: string;
  day: string;
  /** Each break's error, by its place in the list (none when omitted). */
  breakError?: (index: number) => string | undefined;
  onBreakChange: (index: number, start: number) => void;
  testId: string;
};

/** The shift's planned breaks, once it has a start and an end; until then, a word on how they come. */
export function BreakList({ draft, zone, day, breakError = () => undefined, onBreakChange, testId }: BreakListProps) {
  if (draft.start === null || draft.end === null || draft.breaks.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        Pick the start and end; the breaks are planned for you.
      </Typography>
    );
  }
  const shift = { start: draft.start, end: draft.end };
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }} data-testid={testId}>
      {draft.breaks.map((plannedBreak, index) => (
        <BreakRow
          // Breaks keep their places in the list, so the index names one.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          key={index}
          plannedBreak={plannedBreak}
          shift={shift}
          others={draft.breaks.filter((_, at) => at !== index)}
          zone={zone}
          day={day}
          error={breakError(index)}
          onChange={(start) => onBreakChange(index, start)}
        />
      ))}
    </Box>
  );
}
