import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import {
  canSavePlanner,
  formatDay,
  formatSchedulerRule,
  type Interval,
  moduleToRule,
  PLANNER_DAY_NAMES,
  PLANNER_MAX_REPEAT_INTERVAL,
  PLANNER_MAX_RULES,
  PLANNER_MIN_REPEAT_INTERVAL,
  type Planner,
  type PlannerDayName,
  type PlannerExpiration,
  plannerEndDateMin,
  plannerEndDateToSend,
  TIME_ZONE_IDS,
  type TimeZoneId,
} from '@shiftline/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../../lib/apiError';
import { fieldErrors } from '../../../lib/fieldErrors';
import { queryKeys } from '../../../lib/queryKeys';
import { FormDialog, SaveCancelActions } from '../../../ui/FormDialog';
import { EMPTY_DRAFT, type ShiftDraft, useBusyTimesAround } from '../../schedule';
import { teamScheduleApi } from '../api';
import { useTeamMutation } from '../hooks/useTeamMutation';
import { freeShiftRequest } from '../utils/freeShiftRequest';
import { draftToModule, NO_REPEAT, type RepeatState, repeatsOf, ruleTextToDraft } from '../utils/plannerModules';
import { skippedDaysText } from '../utils/skippedDays';
import { TimeModuleFields } from './TimeModuleFields';

/** The question after saving a planner (spec). */
export const PLANNER_NOTICE_QUESTION =
  'Do you want to send the notification about this shift to other available agents?';

const FORM_ID = 'planner-dialog-form';

export type PlannerTarget = { id: number; name: string; campaigns: readonly number[] };

type PlannerDialogProps = {
  /** The focus date: the planner starts on it. */
  day: string;
  zone: string;
  /** Whose shifts are planned. */
  target: PlannerTarget;
  /** The viewer plans their own shifts (no `user` is sent). */
  forself: boolean;
  /** Repeat, ending and saved-planner loading are the schedule supervisor's only (spec). */
  isScheduleSupervisor: boolean;
  onClose: () => void;
  /** After the planner saved (and the notice question was answered). */
  onDone: (message: string) => void;
  now?: () => number;
};

/** The zone the rules' times are read in: the one the dialog shows. */
const plannerZone = (zone: string): TimeZoneId | undefined =>
  (TIME_ZONE_IDS as readonly string[]).includes(zone) ? (zone as TimeZoneId) : undefined;

const intervalsOf = (drafts: readonly ShiftDraft[]): Interval[] =>
  drafts.flatMap((draft) =>
    draft.start !== null && draft.end !== null ? [{ start: draft.start, end: draft.end }] : [],
  );

/** The schedule planner dialog: time modules on the focus date, repeated by day or week until an ending. */
export function PlannerDialog({
  day,
  zone,
  target,
  forself,
  isScheduleSupervisor,
  onClose,
  onDone,
  now = Date.now,
}: PlannerDialogProps) {
  const [modules, setModules] = useState<ShiftDraft[]>([EMPTY_DRAFT]);
  const [repeat, setRepeat] = useState<RepeatState>(NO_REPEAT);
  const [expiration, setExpiration] = useState<PlannerExpiration>('never');
  const [endDate, setEndDate] = useState('');
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const [asking, setAsking] = useState<{ message: string } | null>(null);
  // The agent's own shifts and days off on the focus date: its start and end choices keep clear of them.
  const existing = useBusyTimesAround(target.id, forself, day, zone);
  const save = useTeamMutation(teamScheduleApi.setPlanner);
  const notify = useTeamMutation(teamScheduleApi.setFreeShift);
  const user = forself ? undefined : target.id;

  const saved = useQuery({
    queryKey: queryKeys.teamSchedule.planner(user),
    queryFn: () => teamScheduleApi.getPlanner(user),
    enabled: isScheduleSupervisor,
  });
  const savedPlanner = saved.data ?? null;

  const endDateMin = plannerEndDateMin(now(), zone);
  const errors = { ...fieldErrors(save.error), ...localErrors };
  const serverMessage =
    save.error && Object.keys(fieldErrors(save.error)).length === 0
      ? save.error instanceof ApiError
        ? save.error.message
        : 'Saving failed. Please try again.'
      : null;
  const moduleErrors = (index: number) =>
    Object.fromEntries(
      Object.entries(errors)
        .filter(([key]) => key.startsWith(`modules.${index}.`))
        .map(([key, reason]) => [key.slice(`modules.${index}.`.length), reason]),
    );
  const otherErrors = Object.entries(errors).filter(([key]) => !key.startsWith('modules.'));

  const edited = () => {
    setLocalErrors({});
    if (save.error) save.reset();
  };

  const loadSaved = (planner: Planner) => {
    const loaded = planner.scheduler.flatMap((text) => {
      const module = ruleTextToDraft(text, day, zone);
      return module ? [module] : [];
    });
    if (loaded.length === 0) return;
    edited();
    setModules(loaded.map((module) => module.draft));
    const repeats = loaded[0]?.repeats ?? null;
    setRepeat(
      repeats
        ? { enabled: true, typeInterval: repeats.typeInterval, interval: String(repeats.interval), days: repeats.days }
        : NO_REPEAT,
    );
    setExpiration(planner.end_planner ? 'date' : 'never');
    setEndDate(planner.end_planner ?? '');
  };

  const submit = () => {
    const repeats = isScheduleSupervisor ? repeatsOf(repeat) : null;
    const shared = modules.map((draft) => draftToModule(draft, day, zone, repeats));
    const problems: Record<string, string> = {};
    if (!canSavePlanner(shared)) {
      if (!shared[0]?.start) problems['modules.0.start'] = 'is required';
      if (!shared[0]?.end) problems['modules.0.end'] = 'is required';
    }
    const rules: string[] = [];
    shared.forEach((module, index) => {
      // Modules after the first may stay empty: they are left out.
      if (index > 0 && module.start === null && module.end === null) return;
      const result = moduleToRule(module);
      if (result.ok) rules.push(formatSchedulerRule(result.rule));
      else if (result.field.startsWith('repeats')) problems.repeats = result.reason;
      else problems[`modules.${index}.${result.field}`] = result.reason;
    });
    const sentEndDate =
      isScheduleSupervisor && repeat.enabled ? plannerEndDateToSend(expiration, endDate || null) : null;
    if (isScheduleSupervisor && repeat.enabled && expiration === 'date') {
      if (!endDate) problems.end_date = 'is required';
      else if (endDate < endDateMin) problems.end_date = 'must be tomorrow or later';
    }
    setLocalErrors(problems);
    if (Object.keys(problems).length > 0) return;
    save.mutate(
      { start: day, scheduler: rules, end_date: sentEndDate, user, zone: plannerZone(zone) },
      {
        onSuccess: (result) => {
          const created = result?.created ?? 0;
          const planned = `Planner saved: ${created} shift${created === 1 ? '' : 's'} planned.`;
          setAsking({ message: [planned, skippedDaysText(result?.skipped_days)].filter(Boolean).join(' ') });
        },
      },
    );
  };

  const first = modules[0];
  const sendNotice = () => {
    if (!asking || !first || first.start === null || first.end === null) return;
    notify.mutate(freeShiftRequest({ start: first.start, end: first.end, breaks: first.breaks }, target.campaigns, 1), {
      onSuccess: () => onDone(`${asking.message} The notification was sent to other available agents.`),
    });
  };

  if (asking) {
    const notifyError = notify.error
      ? notify.error instanceof ApiError
        ? notify.error.message
        : 'Sending failed. Please try again.'
      : target.campaigns.length === 0
        ? `${target.name} is in no campaign, so there is nobody to notify.`
        : null;
    return (
      <Dialog
        open
        onClose={notify.isPending ? undefined : () => onDone(asking.message)}
        maxWidth="xs"
        aria-labelledby="planner-notice-title"
        data-testid="planner-notice-dialog"
      >
        <DialogTitle id="planner-notice-title">Notification</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          {notifyError ? <Alert severity="error">{notifyError}</Alert> : null}
          <DialogContentText data-testid="planner-saved">{asking.message}</DialogContentText>
          <DialogContentText data-testid="planner-notice-question">{PLANNER_NOTICE_QUESTION}</DialogContentText>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={() => onDone(asking.message)} disabled={notify.isPending} data-testid="planner-notice-no">
            No
          </Button>
          <Button
            variant="contained"
            onClick={sendNotice}
            loading={notify.isPending}
            disabled={target.campaigns.length === 0}
            data-testid="planner-notice-yes"
          >
            Yes
          </Button>
        </DialogActions>
      </Dialog>
    );
  }

  return (
    <FormDialog
      title={<>Date - {formatDay(day)}</>}
      titleId="planner-dialog-title"
      testId="planner-dialog"
      formId={FORM_ID}
      onSubmit={submit}
      busy={save.isPending}
      onClose={onClose}
      maxWidth="sm"
      fullWidth
      gap={2}
      actions={<SaveCancelActions formId={FORM_ID} busy={save.isPending} onCancel={onClose} testPrefix="planner" />}
    >
      <Typography variant="body2" color="text.secondary">
        {forself ? 'Your shifts' : `Shifts of ${target.name}`}, from {formatDay(day)}.
      </Typography>
      {serverMessage ? <Alert severity="error">{serverMessage}</Alert> : null}
      {existing.isError ? (
        <Alert severity="info" data-testid="planner-busy-unknown">
          {forself ? 'Your' : `${target.name}'s`} other shifts could not be checked: days that clash are skipped when
          the planner is saved.
        </Alert>
      ) : null}
      {otherErrors
        .filter(([key]) => key !== 'repeats' && key !== 'end_date')
        .map(([key, reason]) => (
          <Alert key={key} severity="error">
            {key === 'form' ? reason : `${key}: ${reason}`}
          </Alert>
        ))}

      {isScheduleSupervisor && savedPlanner ? (
        <Alert
          severity="info"
          data-testid="saved-planner"
          action={
            <Button color="inherit" size="small" onClick={() => loadSaved(savedPlanner)} data-testid="load-planner">
              Load
            </Button>
          }
        >
          Saved planner from {formatDay(savedPlanner.start_planner)}
          {savedPlanner.end_planner ? ` to ${formatDay(savedPlanner.end_planner)}` : ', never ending'}:{' '}
          {savedPlanner.scheduler.length} time module{savedPlanner.scheduler.length === 1 ? '' : 's'}.
        </Alert>
      ) : null}

      {modules.map((draft, index) => (
        <Paper
          // Modules keep their places in the list, so the index names one.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          key={index}
          variant="outlined"
          sx={{ p: 2 }}
          data-testid="planner-module"
        >
          <Box sx={{ display: 'flex', alignItems: 'center', mb: 1.5 }}>
            <Typography variant="subtitle2" sx={{ flexGrow: 1 }}>
              Shift {index + 1}
            </Typography>
            {modules.length > 1 ? (
              <IconButton
                size="small"
                aria-label={`Remove shift ${index + 1}`}
                data-testid="remove-module"
                onClick={() => {
                  edited();
                  setModules(modules.filter((_, at) => at !== index));
                }}
              >
                <DeleteOutlinedIcon fontSize="small" />
              </IconButton>
            ) : null}
          </Box>
          <TimeModuleFields
            draft={draft}
            onChange={(next) => {
              edited();
              setModules(modules.map((module, at) => (at === index ? next : module)));
            }}
            day={day}
            zone={zone}
            busy={[...existing.busy, ...intervalsOf(modules.filter((_, at) => at !== index))]}
            now={now()}
            errors={moduleErrors(index)}
            testPrefix={`planner-${index}`}
          />
        </Paper>
      ))}
      <Box>
        <Button
          startIcon={<AddIcon />}
          onClick={() => {
            edited();
            setModules([...modules, EMPTY_DRAFT]);
          }}
          disabled={modules.length >= PLANNER_MAX_RULES}
          data-testid="add-module"
        >
          Add shift
        </Button>
      </Box>

      {isScheduleSupervisor ? (
        <RepeatSection
          repeat={repeat}
          onRepeatChange={(next) => {
            edited();
            setRepeat(next);
          }}
          expiration={expiration}
          onExpirationChange={(next) => {
            edited();
            setExpiration(next);
          }}
          endDate={endDate}
          endDateMin={endDateMin}
          onEndDateChange={(next) => {
            edited();
            setEndDate(next);
          }}
          errors={errors}
        />
      ) : null}
    </FormDialog>
  );
}

type RepeatSectionProps = {
  repeat: RepeatState;
  onRepeatChange: (repeat: RepeatState) => void;
  expiration: PlannerExpiration;
  onExpirationChange: (expiration: PlannerExpiration) => void;
  endDate: string;
  endDateMin: string;
  onEndDateChange: (endDate: string) => void;
  errors: Record<string, string>;
};

/** Repeat (every N days, or chosen weekdays every N weeks) and the ending (Never or a date from tomorrow). */
function RepeatSection({
  repeat,
  onRepeatChange,
  expiration,
  onExpirationChange,
  endDate,
  endDateMin,
  onEndDateChange,
  errors,
}: RepeatSectionProps) {
  const interval = Number(repeat.interval);
  const intervalError =
    repeat.enabled &&
    (!Number.isInteger(interval) || interval < PLANNER_MIN_REPEAT_INTERVAL || interval > PLANNER_MAX_REPEAT_INTERVAL)
      ? `must be from ${PLANNER_MIN_REPEAT_INTERVAL} to ${PLANNER_MAX_REPEAT_INTERVAL}`
      : errors.repeats;
  return (
    <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 1.5 }} data-testid="planner-repeat">
      <FormControlLabel
        control={
          <Checkbox
            checked={repeat.enabled}
            onChange={(event) => onRepeatChange({ ...repeat, enabled: event.target.checked })}
            slotProps={{ input: { 'data-testid': 'repeat-enabled' } as object }}
          />
        }
        label="Repeat"
      />
      {repeat.enabled ? (
        <>
          <Box sx={{ display: 'grid', gridTemplateColumns: '120px 140px', gap: 1.5 }}>
            <TextField
              label="Every"
              type="number"
              size="small"
              value={repeat.interval}
              onChange={(event) => onRepeatChange({ ...repeat, interval: event.target.value })}
              error={intervalError !== undefined}
              helperText={intervalError === undefined ? undefined : `Interval ${intervalError}`}
              slotProps={{
                htmlInput: {
                  min: PLANNER_MIN_REPEAT_INTERVAL,
                  max: PLANNER_MAX_REPEAT_INTERVAL,
                  step: 1,
                  'data-testid': 'repeat-interval',
                },
              }}
            />
            <TextField
              select
              label="Unit"
              size="small"
              value={repeat.typeInterval}
              onChange={(event) => onRepeatChange({ ...repeat, typeInterval: event.target.value as 'day' | 'week' })}
              slotProps={{ select: { native: true }, htmlInput: { 'data-testid': 'repeat-type' } }}
            >
              <option value="day">{interval === 1 ? 'day' : 'days'}</option>
              <option value="week">{interval === 1 ? 'week' : 'weeks'}</option>
            </TextField>
          </Box>
          {repeat.typeInterval === 'week' ? (
            <Box>
              <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mb: 0.5 }}>
                On (none ticked: the start date's weekday)
              </Typography>
              <ToggleButtonGroup
                size="small"
                value={repeat.days}
                onChange={(_, days: PlannerDayName[]) => onRepeatChange({ ...repeat, days })}
                aria-label="Weekdays"
              >
                {PLANNER_DAY_NAMES.map((name) => (
                  <ToggleButton
                    key={name}
                    value={name}
                    data-testid={`weekday-${name}`}
                    sx={{
                      px: 1.25,
                      '&.Mui-selected, &.Mui-selected:hover': {
                        bgcolor: 'primary.main',
                        color: 'primary.contrastText',
                      },
                    }}
                  >
                    {name}
                  </ToggleButton>
                ))}
              </ToggleButtonGroup>
            </Box>
          ) : null}
          <Box>
            <Typography variant="subtitle2">Ends</Typography>
            <RadioGroup
              row
              value={expiration}
              onChange={(event) => onExpirationChange(event.target.value as PlannerExpiration)}
              data-testid="planner-ending"
            >
              <FormControlLabel value="never" control={<Radio size="small" />} label="Never" />
              <FormControlLabel value="date" control={<Radio size="small" />} label="Date" />
            </RadioGroup>
            {expiration === 'date' ? (
              <TextField
                type="date"
                size="small"
                label="End date"
                value={endDate}
                onChange={(event) => onEndDateChange(event.target.value)}
                error={errors.end_date !== undefined}
                helperText={errors.end_date === undefined ? undefined : `End date ${errors.end_date}`}
                slotProps={{
                  inputLabel: { shrink: true },
                  htmlInput: { min: endDateMin, 'data-testid': 'planner-end-date' },
                }}
              />
            ) : null}
          </Box>
        </>
      ) : null}
    </Paper>
  );
}
