import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { type CallData, type CurrentUser, callStateLabel, can, LIVE_CALL_STATES } from '@shiftline/shared';
import { type ReactNode, useEffect } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { useCurrentUser } from '../../auth';
import { useCallData } from '../hooks/useCallData';
import { type NotesAutosave, useNotesAutosave } from '../hooks/useNotesAutosave';
import { CALLS_PAGE_PATH, forgetCurrentCall, readCurrentCallId, rememberCurrentCall } from '../utils/currentCall';
import { AfterCallDialog } from './AfterCallDialog';
import { BlacklistButton } from './BlacklistButton';
import { CallbackControl } from './CallbackControl';
import { CallControls } from './CallControls';
import { CallRecordings } from './CallRecordings';
import { CallTimer } from './CallTimer';
import { ClientCard } from './ClientCard';
import { DispositionSelect } from './DispositionSelect';
import { IncomingCall } from './IncomingCall';
import { NotesField } from './NotesField';
import { PickupCall } from './PickupCall';
import { RecordingControl } from './RecordingControl';
import { SalesPanel } from './SalesPanel';
import { TransferPanel } from './TransferPanel';

function Section({ title, children, testId }: { title?: string; children: ReactNode; testId?: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid={testId}>
      {title ? (
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1.5 }}>
          {title}
        </Typography>
      ) : null}
      {children}
    </Paper>
  );
}

const STATE_COLORS: Partial<Record<CallData['status'], 'primary' | 'success' | 'warning' | 'info' | 'default'>> = {
  offered: 'primary',
  talking: 'success',
  on_hold: 'warning',
  after_call: 'info',
};

/** Why the page shows a call the agent does not work now. */
function notWorkedText(call: CallData, role: CurrentUser['role']): string {
  if (call.status === 'queued') {
    const waiting = call.missed
      ? 'This call was not answered in time and went back to the queue'
      : 'This call is waiting in the queue';
    if (can(role, 'calls.pickup')) return `${waiting}: Pick up to take it.`;
    return call.missed ? `${waiting}.` : `${waiting}; its page opens when it rings for you.`;
  }
  if (LIVE_CALL_STATES.includes(call.status)) return `This call is ${callStateLabel(call.status)} with another agent.`;
  if (call.ended_by_restart) {
    return `This call is ${callStateLabel(call.status)}: the server ended it when it restarted after a failure.`;
  }
  return `This call is ${callStateLabel(call.status)}.`;
}

/** The page's parts for a loaded call: the workspace, and the after-call form once the call is hung up. */
function CallWorkspace({ call, user }: { call: CallData; user: CurrentUser }) {
  const notes = useNotesAutosave(call.inquiry_id, call.notes);
  // The agent works the call while it is live and theirs; a missed call went back to the queue, to someone else.
  const working = LIVE_CALL_STATES.includes(call.status) && call.agent_id === user.id;
  // Transferred away: the call goes on with another agent, and this one has the after-call form for their part.
  const handedOver = call.handed_over && call.agent_id !== user.id;
  // A reload, or a return from another page, finds the call again (spec §3: currentCallId); a call no longer
  // worked here is forgotten.
  useEffect(() => {
    if (working) rememberCurrentCall(call.inquiry_id);
    else if (readCurrentCallId() === call.inquiry_id) forgetCurrentCall();
  }, [working, call.inquiry_id]);

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Box sx={{ flexGrow: 1 }}>
          <Typography variant="h1" sx={{ mb: 0.5 }}>
            Call · {call.client_phone}
          </Typography>
          <Typography color="text.secondary">
            {call.campaign.name} · {call.direction === 'inbound' ? 'Inbound' : 'Outbound'}
            {call.callback?.voice_mail || call.voice_mail ? ' · voicemail left' : ''}
          </Typography>
        </Box>
        <Chip
          label={callStateLabel(call.status)}
          color={STATE_COLORS[call.status] ?? 'default'}
          data-testid="call-state"
          data-state={call.status}
        />
        <CallTimer call={call} />
        {working && (call.status === 'talking' || call.status === 'on_hold') ? (
          <>
            <RecordingControl callId={call.inquiry_id} />
            <CallControls call={call} />
          </>
        ) : null}
      </Box>
      {working && call.status === 'offered' ? <IncomingCall call={call} autoAnswer={user.role === 'agent'} /> : null}
      {working || handedOver ? null : (
        <Alert
          severity="info"
          data-testid="call-over"
          action={
            <>
              {/* A waiting call: supervisory roles may take it on the softphone (spec §4 pickup). */}
              {call.status === 'queued' ? <PickupCall callId={call.inquiry_id} role={user.role} /> : null}
              <Button component={RouterLink} to={CALLS_PAGE_PATH} color="inherit" size="small">
                Calls
              </Button>
            </>
          }
        >
          {notWorkedText(call, user.role)}
        </Alert>
      )}
      {working ? <CallSections call={call} user={user} notes={notes} /> : null}
      {/* An ended call's recordings, for the roles that may hear them (an agent their own, where allowed). */}
      {!working && (call.status === 'after_call' || call.status === 'ended') && can(user.role, 'calls.recordings') ? (
        <Section title="Recording" testId="call-recording-section">
          <CallRecordings callId={call.inquiry_id} zone={user.timezone} hideWhenForbidden />
        </Section>
      ) : null}
      {call.status === 'after_call' && working ? <AfterCallDialog call={call} user={user} notes={notes} /> : null}
      {handedOver ? <AfterCallDialog call={call} user={user} notes={notes} part="handed_over" /> : null}
    </Box>
  );
}

/** The parts of the call the agent works on: client, notes, disposition, callback, blacklist, sales, transfer. */
function CallSections({ call, user, notes }: { call: CallData; user: CurrentUser; notes: NotesAutosave }) {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, alignItems: 'start' }}>
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Section>
          <ClientCard call={call} />
        </Section>
        <Section title="Notes and disposition">
          <Box sx={{ display: 'grid', gap: 2 }}>
            <NotesField autosave={notes} />
            <DispositionSelect callId={call.inquiry_id} />
          </Box>
        </Section>
        <Section title="Callback">
          <CallbackControl call={call} zone={user.timezone} />
        </Section>
        <Section title="Blacklist">
          <BlacklistButton call={call} />
        </Section>
      </Box>
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Section title="Sales">
          <SalesPanel callId={call.inquiry_id} />
        </Section>
        <Section title="Transfer">
          <TransferPanel call={call} />
        </Section>
      </Box>
    </Box>
  );
}

/** The call page (/inquiries/call/:id, spec §2.9): the call the agent works, from ringing to the after-call form. */
export function CallPage() {
  const user = useCurrentUser();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const call = useCallData(id, valid, user.id);
  if (!valid) return <Alert severity="warning">There is no call at this address.</Alert>;
  if (call.data === undefined) {
    if (call.isError) {
      return (
        <Alert severity="error" data-testid="call-load-error">
          The call could not be loaded: {call.error.message}
        </Alert>
      );
    }
    return <Skeleton variant="rounded" height={320} data-testid="call-loading" />;
  }
  // Keyed by call, so the notes and the form start afresh when the agent goes from one call to the next.
  return <CallWorkspace key={call.data.inquiry_id} call={call.data} user={user} />;
}
