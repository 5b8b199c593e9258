import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type CallData, type CurrentUser, readyStatusFor, statusTitle } from '@shiftline/shared';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { RedialButton } from '../../softphone';
import { isLoggedOut, SIGN_OUT_PATH, useRefreshStatus, useSetStatus, useStatusInfo } from '../../status';
import { callsApi } from '../api';
import { useDispositions } from '../hooks/useDispositions';
import type { NotesAutosave } from '../hooks/useNotesAutosave';
import { CALLS_PAGE_PATH, forgetCurrentCall } from '../utils/currentCall';
import { CallbackControl } from './CallbackControl';
import { DispositionSelect } from './DispositionSelect';
import { NotesField } from './NotesField';

type AfterCallDialogProps = {
  call: CallData;
  user: CurrentUser;
  notes: NotesAutosave;
  /**
   * 'handed_over': the form of an agent who transferred the call away, for their part of it. The call goes on with
   * the other agent, whose form has its disposition and callback; this one has the notes and the next status, and
   * Close moves only this agent.
   */
  part?: 'whole' | 'handed_over';
};

/** Where to go once the call is closed: the server's answer, or the calls page when it cannot say. */
async function pageAfter(call: CallData): Promise<string> {
  try {
    return (await callsApi.redirectAfterCall(call.inquiry_id)).url || CALLS_PAGE_PATH;
  } catch {
    return CALLS_PAGE_PATH;
  }
}

/**
 * The after-call form (spec §4): opens when the call is hung up, with the disposition (required when the campaign has
 * any), notes, callback and the status to go to next (the agent's ready status unless they choose another). Close
 * ends the call and moves the agent (set_new_status with the call), then leaves for the page the server names.
 */
export function AfterCallDialog({ call, user, notes, part = 'whole' }: AfterCallDialogProps) {
  const handedOver = part === 'handed_over';
  const navigate = useNavigate();
  const status = useStatusInfo();
  const dispositions = useDispositions(call.inquiry_id, !handedOver);
  const setStatus = useSetStatus({ signOutOnLoggedOut: false });
  const [chosen, setChosen] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const [leaving, setLeaving] = useState(false);

  const refreshStatus = useRefreshStatus();
  // The hang-up moved the agent to after-call work: the statuses offered from there, not from the call.
  useEffect(() => refreshStatus(), [refreshStatus]);

  const ready = readyStatusFor(user.agent_call_type);
  const offered = status.data?.status_transitions ?? [];
  // Until the server's list is known (or when it cannot be had) the agent's ready status is the one choice.
  const options = offered.length > 0 ? offered : [{ name: ready, title: statusTitle(ready) }];
  const fallback = options.some((option) => option.name === ready) ? ready : (options[0]?.name ?? ready);
  const next = chosen ?? fallback;
  const needsDisposition = handedOver
    ? false
    : dispositions.data
      ? dispositions.data.dispositions.length > 0 && dispositions.data.selected === null
      : !dispositions.isError;
  const busy = setStatus.isPending || leaving;

  const close = async () => {
    setTried(true);
    if (needsDisposition) return;
    setLeaving(true);
    try {
      // What was typed in the last moments is saved with the call before it is closed; notes the server refuses
      // keep the form open (the notes field says why), as closing would lose them.
      // The other agent may end the call meanwhile, and its notes then close: that must not keep this agent here.
      await (handedOver ? notes.flush().catch(() => undefined) : notes.flush());
      const body = { status_name: next, call_id: call.current_call_id };
      const info = await setStatus.mutateAsync(body);
      forgetCurrentCall();
      await navigate(isLoggedOut(info, body) ? SIGN_OUT_PATH : await pageAfter(call));
    } catch {
      // A refusal is shown by the notes field or from the mutation's error; the form stays open.
      setLeaving(false);
    }
  };

  return (
    <Dialog open maxWidth="sm" fullWidth aria-labelledby="after-call-title" data-testid="after-call-form">
      <DialogTitle id="after-call-title">After-call work</DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {`${call.first_name} ${call.last_name}`.trim() || 'Unknown caller'} · {call.client_phone} ·{' '}
            {call.campaign.name}
          </Typography>
          {handedOver ? (
            <Alert severity="info" data-testid="after-call-handed-over">
              You transferred this call. Your notes stay with it; close your part when you are done.
            </Alert>
          ) : (
            <DispositionSelect callId={call.inquiry_id} required showMissing={tried} testId="after-call-disposition" />
          )}
          <NotesField autosave={notes} testId="after-call-notes" />
          {handedOver ? null : <CallbackControl call={call} zone={user.timezone} />}
          <TextField
            select
            label="Next status"
            value={next}
            onChange={(event) => setChosen(event.target.value)}
            helperText="Where you go when this call is closed."
            slotProps={{
              select: { native: true },
              htmlInput: { 'data-testid': 'after-call-next-status' },
              inputLabel: { shrink: true },
            }}
          >
            {options.map((option) => (
              <option key={option.name} value={option.name}>
                {option.title}
              </option>
            ))}
          </TextField>
          {setStatus.error ? (
            <Alert severity="error" data-testid="after-call-error">
              {setStatus.error.message}
            </Alert>
          ) : null}
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        {/* On a real phone network: a new call to the same client (spec §4). */}
        {handedOver ? null : <RedialButton inquiryId={call.inquiry_id} phone={call.client_phone} />}
        <Button
          variant="contained"
          onClick={() => void close()}
          loading={busy}
          disabled={!handedOver && dispositions.data === undefined && !dispositions.isError}
          data-testid="after-call-close"
        >
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
