import CallIcon from '@mui/icons-material/Call';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useCountdown } from '../hooks/useCountdown';
import { useSoftphone, useSoftphoneView } from '../store';

/**
 * The ringing call's answer on the softphone: Answer, and the countdown to the phone answering by itself (agents:
 * 5 s; supervisory roles answer only by hand). Before the phone hears the INVITE of this call, it says it waits.
 */
export function PhoneAnswer({ callId }: { callId: number }) {
  const phone = useSoftphone();
  const view = useSoftphoneView();
  const left = useCountdown(view?.answerAt ?? null);
  const ringing = view?.state === 'incoming' && view.callId === callId;
  return (
    <>
      <Typography variant="body2" color="text.secondary" data-testid="answer-countdown">
        {!ringing
          ? 'Waiting for the phone to ring…'
          : left !== null
            ? `Answering in ${left} s`
            : 'Ringing on your phone'}
      </Typography>
      <Button
        variant="contained"
        color="success"
        size="large"
        startIcon={<CallIcon />}
        onClick={() => phone?.answer()}
        disabled={!ringing}
        data-testid="answer-call"
      >
        Answer
      </Button>
    </>
  );
}
