import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type DayRange, todayRange, VACATION_REASONS, type VacationReason } from '@shiftline/shared';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../../lib/apiError';
import { DateRangePicker } from '../../../ui/DateRangePicker';
import { useDaysOffAgents } from '../hooks/useDaysOff';
import { countDays } from '../utils/vacationDays';

const FORM_ID = 'days-off-form';
const REASONS = Object.entries(VACATION_REASONS) as [VacationReason, string][];

export type DaysOffForm = { user: number | null; range: DayRange; reason: VacationReason };

type DaysOffFormDialogProps = {
  /** 'request': an agent asks for their own days off; 'add': a schedule supervisor adds them for an agent. */
  mode: 'request' | 'add';
  zone: string;
  /** The viewer's display-from moment: earlier days cannot be requested. */
  displayFrom: string | null;
  busy: boolean;
  onSubmit: (form: DaysOffForm) => Promise<unknown>;
  onClose: () => void;
};

/** Request days off (agent) or add days off for an agent (schedule supervisor): a date range and a reason. */
export function DaysOffFormDialog({ mode, zone, displayFrom, busy, onSubmit, onClose }: DaysOffFormDialogProps) {
  const adding = mode === 'add';
  const agents = useDaysOffAgents(adding);
  const [user, setUser] = useState<number | null>(null);
  const [range, setRange] = useState<DayRange>(() => todayRange(new Date(), zone));
  const [reason, setReason] = useState<VacationReason>('vacation');
  const [error, setError] = useState<string | null>(null);
  const [agentMissing, setAgentMissing] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (adding && user === null) {
      setAgentMissing(true);
      return;
    }
    setError(null);
    try {
      await onSubmit({ user, range, reason });
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : 'The request could not be sent. Try again.');
    }
  };

  const days = countDays(range);
  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="days-off-form-title"
      data-testid="days-off-form"
    >
      <DialogTitle id="days-off-form-title">{adding ? 'Add days off' : 'Request days off'}</DialogTitle>
      <DialogContent>
        <Box
          component="form"
          id={FORM_ID}
          noValidate
          onSubmit={submit}
          sx={{ display: 'flex', flexDirection: 'column', gap: 2.5, pt: 1 }}
        >
          {error ? (
            <Alert severity="error" data-testid="days-off-form-error">
              {error}
            </Alert>
          ) : null}
          {adding ? (
            <TextField
              select
              label="Agent"
              value={user === null ? '' : String(user)}
              onChange={(event) => {
                setUser(event.target.value === '' ? null : Number(event.target.value));
                setAgentMissing(false);
              }}
              error={agentMissing}
              helperText={agentMissing ? 'Choose an agent.' : agents.isError ? 'The agents could not be loaded.' : ' '}
              disabled={agents.isPending}
              slotProps={{
                select: { native: true },
                inputLabel: { shrink: true },
                htmlInput: { 'data-testid': 'days-off-agent' },
              }}
            >
              <option value="">{agents.isPending ? 'Loading…' : 'Choose an agent'}</option>
              {agents.data?.length === 0 ? (
                <option value="" disabled>
                  No Agents Found
                </option>
              ) : null}
              {agents.data?.map((agent) => (
                <option key={agent.id} value={agent.id}>
                  {agent.firstName} {agent.secondName}
                  {agent.agent_group ? ` (${agent.agent_group})` : ''}
                </option>
              ))}
            </TextField>
          ) : null}
          <Box>
            <Typography variant="body2" color="text.secondary" component="div" sx={{ mb: 0.75 }}>
              Days
            </Typography>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
              <DateRangePicker
                value={range}
                onChange={setRange}
                zone={zone}
                displayFrom={adding ? null : displayFrom}
                label="Days off"
                testId="days-off-range"
              />
              <Typography variant="body2" color="text.secondary" data-testid="days-off-count">
                {days} {days === 1 ? 'day' : 'days'}
              </Typography>
            </Box>
          </Box>
          <TextField
            select
            label="Reason"
            value={reason}
            onChange={(event) => setReason(event.target.value as VacationReason)}
            slotProps={{
              select: { native: true },
              inputLabel: { shrink: true },
              htmlInput: { 'data-testid': 'days-off-reason' },
            }}
          >
            {REASONS.map(([key, name]) => (
              <option key={key} value={key}>
                {name}
              </option>
            ))}
          </TextField>
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy} data-testid="days-off-cancel">
          Cancel
        </Button>
        <Button type="submit" form={FORM_ID} variant="contained" loading={busy} data-testid="days-off-submit">
          {adding ? 'Add days off' : 'Send request'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
