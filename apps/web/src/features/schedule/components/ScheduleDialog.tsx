import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  formatDay,
  type Shift,
  shiftEndChoices,
  shiftStartChoices,
  type Vacation,
  validateShift,
} from '@shiftline/shared';
import { useState } from 'react';
import { ApiError } from '../../../lib/apiError';
import { fieldErrors } from '../../../lib/fieldErrors';
import { FormDialog, SaveCancelActions } from '../../../ui/FormDialog';
import { scheduleApi } from '../api';
import { useScheduleMutation } from '../hooks/useScheduleMutation';
import { useShiftDraft } from '../hooks/useShiftDraft';
import { busyIntervals, liveShiftIntervals } from '../utils/busyIntervals';
import type { ShiftDraft } from '../utils/shiftDraft';
import { timeOptions } from '../utils/timeOptions';
import { BreakList, StartEndSelects } from './ShiftTimeFields';

const FORM_ID = 'schedule-dialog-form';
/** Error keys shown next to a field; any other key goes into the dialog's alert. */
const FIELD_KEYS = new Set(['start', 'end', 'breaks', 'notes']);

type ScheduleDialogProps = {
  /** The focused day, a local ISO date in the viewer's zone. */
  day: string;
  /** The viewer's time zone: choices and labels are in it. */
  zone: string;
  /** The calendar's owner and their display-from moment (ISO, UTC). */
  owner: { id: number; displayFrom: string | null };
  /** False when a schedule supervisor plans for someone else. */
  forself: boolean;
  /** The owner's loaded shifts and vacations, which the new shift must keep clear of. */
  shifts: readonly Shift[];
  vacations: readonly Vacation[];
  onClose: () => void;
  onSaved: (shift: Shift) => void;
  /** The clock, replaceable in tests. */
  now?: () => number;
};

const iso = (epochMs: number) => new Date(epochMs).toISOString();

function toRequest(draft: ShiftDraft & { start: number; end: number }, notes: string, user: number | undefined) {
  return {
    start: iso(draft.start),
    end: iso(draft.end),
    breaks: draft.breaks.map((plannedBreak) => ({ type: plannedBreak.type, start: iso(plannedBreak.start) })),
    notes: notes.trim() === '' ? undefined : notes.trim(),
    user,
  };
}

/** The schedule dialog: a new shift on the focused day, checked by the same rules as the server before it is sent. */
export function ScheduleDialog({
  day,
  zone,
  owner,
  forself,
  shifts,
  vacations,
  onClose,
  onSaved,
  now = Date.now,
}: ScheduleDialogProps) {
  const liveShifts = liveShiftIntervals(shifts);
  const { draft, setStart, setEnd, setBreakStart } = useShiftDraft(liveShifts);
  const [notes, setNotes] = useState('');
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const save = useScheduleMutation(scheduleApi.saveNewEvent);

  const errors = { ...fieldErrors(save.error), ...localErrors };
  const otherErrors = Object.entries(errors).filter(([key]) => !FIELD_KEYS.has(key) && !key.startsWith('breaks.'));
  const generalError =
    save.error && Object.keys(fieldErrors(save.error)).length === 0
      ? save.error instanceof ApiError
        ? save.error.message
        : 'Saving failed. Please try again.'
      : null;

  const startOptions = timeOptions(shiftStartChoices(day, zone, liveShifts, now()), zone, day);
  const endOptions = draft.start === null ? [] : timeOptions(shiftEndChoices(draft.start, liveShifts), zone, day);

  const edited = () => {
    setLocalErrors({});
    if (save.error) save.reset();
  };

  const submit = () => {
    const { start, end } = draft;
    if (start === null || end === null) {
      setLocalErrors({
        ...(start === null ? { start: 'is required' } : {}),
        ...(end === null ? { end: 'is required' } : {}),
      });
      return;
    }
    // The server runs this same function; checking first saves a round trip and shows the same words.
    const problems = validateShift(
      { start, end, breaks: draft.breaks },
      {
        now: now(),
        displayFrom: owner.displayFrom === null ? null : Date.parse(owner.displayFrom),
        busy: busyIntervals(shifts, vacations),
      },
    );
    const found = { ...problems.fields, ...problems.conflicts };
    setLocalErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(toRequest({ ...draft, start, end }, notes, forself ? undefined : owner.id), { onSuccess: onSaved });
  };

  return (
    <FormDialog
      title={<>Date - {formatDay(day)}</>}
      titleId="schedule-dialog-title"
      testId="schedule-dialog"
      formId={FORM_ID}
      onSubmit={submit}
      busy={save.isPending}
      onClose={onClose}
      maxWidth="sm"
      gap={2.5}
      actions={<SaveCancelActions formId={FORM_ID} busy={save.isPending} onCancel={onClose} testPrefix="schedule" />}
    >
      {generalError ? <Alert severity="error">{generalError}</Alert> : null}
      {otherErrors.map(([key, message]) => (
        <Alert key={key} severity="error">
          {key} {message}
        </Alert>
      ))}

      <Box>
        <Typography variant="subtitle2" sx={{ mb: 1.5 }}>
          Time
        </Typography>
        <StartEndSelects
          draft={draft}
          startOptions={startOptions}
          endOptions={endOptions}
          errors={errors}
          onStartChange={(start) => {
            edited();
            setStart(start);
          }}
          onEndChange={(end) => {
            edited();
            setEnd(end);
          }}
          testPrefix="shift"
          gap={2}
        />
      </Box>

      <Box>
        <Typography variant="subtitle2" sx={{ mb: 1.5 }}>
          Breaks
        </Typography>
        {errors.breaks ? (
          <Alert severity="error" sx={{ mb: 1.5 }}>
            Breaks: {errors.breaks}
          </Alert>
        ) : null}
        <BreakList
          draft={draft}
          zone={zone}
          day={day}
          breakError={(index) => errors[`breaks.${index}.start`]}
          onBreakChange={(index, start) => {
            edited();
            setBreakStart(index, start);
          }}
          testId="break-list"
        />
      </Box>

      <TextField
        label="Notes"
        multiline
        minRows={2}
        size="small"
        value={notes}
        onChange={(event) => {
          edited();
          setNotes(event.target.value);
        }}
        error={errors.notes !== undefined}
        helperText={errors.notes === undefined ? 'Optional' : `Notes ${errors.notes}`}
        slotProps={{ htmlInput: { maxLength: 1000, 'data-testid': 'shift-notes' } }}
      />
    </FormDialog>
  );
}
