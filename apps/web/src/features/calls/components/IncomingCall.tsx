import CallIcon from '@mui/icons-material/Call';
import RingVolumeIcon from '@mui/icons-material/RingVolume';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { ANSWER_DELAY_MS, type CallData } from '@shiftline/shared';
import { useRef } from 'react';
import { PhoneAnswer, useSoftphone } from '../../softphone';
import { callsApi } from '../api';
import { useAutoAnswer } from '../hooks/useAutoAnswer';
import { useCallAction } from '../hooks/useCallAction';

type IncomingCallProps = {
  call: CallData;
  /**
   * Agents' phones answer by themselves ANSWER_DELAY_MS after the offer; supervisory roles answer only by choice
   * (spec §4).
   */
  autoAnswer: boolean;
};

/** The ringing state of the call page: who calls, for which campaign, the countdown to answering, and Answer. */
export function IncomingCall({ call, autoAnswer }: IncomingCallProps) {
  // On a real phone network the softphone answers the call's INVITE (and reports talk); without one, this page does.
  const phone = useSoftphone();
  const answer = useCallAction(() => callsApi.flow(call.current_call_id, 'talk'));
  // The button and the timer may both fire: the call is answered once.
  const sent = useRef(false);
  const answerOnce = () => {
    if (sent.current) return;
    sent.current = true;
    answer.mutate(undefined, {
      onError: () => {
        sent.current = false;
      },
    });
  };
  const left = useAutoAnswer(
    autoAnswer && !answer.isError && phone === null,
    call.offered_at,
    ANSWER_DELAY_MS,
    answerOnce,
  );
  return (
    <Paper
      variant="outlined"
      data-testid="incoming-call"
      sx={{ p: 3, display: 'flex', alignItems: 'center', gap: 3, flexWrap: 'wrap', borderColor: 'primary.main' }}
    >
      <RingVolumeIcon color="primary" sx={{ fontSize: 48 }} />
      <Box sx={{ flexGrow: 1, minWidth: 200 }}>
        <Typography variant="h5" component="h2">
          Incoming call
        </Typography>
        <Typography sx={{ fontWeight: 600 }} data-testid="incoming-phone">
          {call.client_phone}
        </Typography>
        <Typography variant="body2" color="text.secondary" data-testid="incoming-campaign">
          {call.campaign.name}
          {call.call_from_number && call.call_from_number !== call.client_phone
            ? ` · calling from ${call.call_from_number}`
            : ''}
        </Typography>
        {phone ? null : autoAnswer && !answer.isError ? (
          <Typography variant="body2" color="text.secondary" data-testid="answer-countdown">
            {answer.isPending ? 'Answering…' : `Answering in ${left} s`}
          </Typography>
        ) : null}
      </Box>
      {phone ? (
        <PhoneAnswer callId={call.current_call_id} />
      ) : (
        <Button
          variant="contained"
          color="success"
          size="large"
          startIcon={<CallIcon />}
          onClick={answerOnce}
          loading={answer.isPending}
          data-testid="answer-call"
        >
          Answer
        </Button>
      )}
      {answer.error ? (
        <Alert severity="error" sx={{ flexBasis: '100%' }}>
          {answer.error.message}
        </Alert>
      ) : null}
    </Paper>
  );
}
