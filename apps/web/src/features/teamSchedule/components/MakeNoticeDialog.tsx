import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { EMPTY_LABELS, formatDay } from '@shiftline/shared';
import { useState } from 'react';
import { ApiError } from '../../../lib/apiError';
import { fieldErrors } from '../../../lib/fieldErrors';
import { MultiSelect, type MultiSelectOption } from '../../../ui/MultiSelect';
import { EMPTY_DRAFT, type ShiftDraft } from '../../schedule';
import { teamScheduleApi } from '../api';
import { useTeamMutation } from '../hooks/useTeamMutation';
import { freeShiftRequest } from '../utils/freeShiftRequest';
import { TimeModuleFields } from './TimeModuleFields';

/** The spec's rule for a notice, word for word. */
export const NOTICE_RULE = 'A notice requires at least one campaign and an agent count above 0';

type MakeNoticeDialogProps = {
  day: string;
  zone: string;
  campaignOptions: readonly MultiSelectOption<number>[];
  onClose: () => void;
  onSent: () => void;
  now?: () => number;
};

/** Make a notification: offer a free shift on the focused day to the available agents of some campaigns. */
export function MakeNoticeDialog({
  day,
  zone,
  campaignOptions,
  onClose,
  onSent,
  now = Date.now,
}: MakeNoticeDialogProps) {
  const [draft, setDraft] = useState<ShiftDraft>(EMPTY_DRAFT);
  const [campaigns, setCampaigns] = useState<number[]>([]);
  const [count, setCount] = useState('1');
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const send = useTeamMutation(teamScheduleApi.setFreeShift);

  const errors = { ...fieldErrors(send.error), ...localErrors };
  const generalError =
    send.error && Object.keys(fieldErrors(send.error)).length === 0
      ? send.error instanceof ApiError
        ? send.error.message
        : 'Sending failed. Please try again.'
      : null;

  const edited = () => {
    setLocalErrors({});
    if (send.error) send.reset();
  };

  const submit = () => {
    const problems: Record<string, string> = {};
    if (draft.start === null) problems.start = 'is required';
    if (draft.end === null) problems.end = 'is required';
    const agents = Number(count);
    if (campaigns.length === 0 || !Number.isInteger(agents) || agents <= 0) problems.notice = NOTICE_RULE;
    setLocalErrors(problems);
    if (Object.keys(problems).length > 0 || draft.start === null || draft.end === null) return;
    send.mutate(freeShiftRequest({ start: draft.start, end: draft.end, breaks: draft.breaks }, campaigns, agents), {
      onSuccess: onSent,
    });
  };

  return (
    <Dialog
      open
      onClose={send.isPending ? undefined : onClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby="make-notice-title"
      data-testid="make-notice-dialog"
    >
      <DialogTitle id="make-notice-title">Make a notification</DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'grid', gap: 2.5, pt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            Offer a free shift on {formatDay(day)} to the available agents of the chosen campaigns. The first agents to
            accept take it.
          </Typography>
          {generalError ? <Alert severity="error">{generalError}</Alert> : null}
          {errors.notice || errors.campaigns || errors.count_agents ? (
            <Alert severity="error" data-testid="notice-rule-error">
              {errors.notice ?? NOTICE_RULE}
            </Alert>
          ) : null}
          <TimeModuleFields
            draft={draft}
            onChange={(next) => {
              edited();
              setDraft(next);
            }}
            day={day}
            zone={zone}
            now={now()}
            errors={errors}
            testPrefix="notice"
          />
          <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 160px', gap: 1.5, alignItems: 'start' }}>
            <MultiSelect
              label="Campaigns"
              options={campaignOptions}
              value={campaigns}
              onChange={(next) => {
                edited();
                setCampaigns(next);
              }}
              emptyLabel={campaignOptions.length === 0 ? EMPTY_LABELS.campaigns : 'Choose campaigns'}
              testId="notice-campaigns"
            />
            <TextField
              label="Number of agents"
              type="number"
              size="small"
              value={count}
              onChange={(event) => {
                edited();
                setCount(event.target.value);
              }}
              slotProps={{ htmlInput: { min: 1, max: 500, step: 1, 'data-testid': 'notice-count' } }}
            />
          </Box>
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={send.isPending} data-testid="notice-cancel">
          Cancel
        </Button>
        <Button variant="contained" onClick={submit} loading={send.isPending} data-testid="notice-send">
          Send
        </Button>
      </DialogActions>
    </Dialog>
  );
}
