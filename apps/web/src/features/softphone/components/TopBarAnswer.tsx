import CallIcon from '@mui/icons-material/Call';
import Button from '@mui/material/Button';
import type { SoftphoneView } from '../controller';
import { useCountdown } from '../hooks/useCountdown';

/**
 * Answer in the top bar while the phone rings, on any page: a transferred call rings on a call already connected
 * (its page shows no incoming state), and supervisory roles answer only by hand (spec §4).
 */
export function TopBarAnswer({ view, onAnswer }: { view: SoftphoneView; onAnswer: () => void }) {
  const left = useCountdown(view.answerAt);
  if (view.state !== 'incoming') return null;
  return (
    <Button
      size="small"
      variant="contained"
      color="success"
      startIcon={<CallIcon />}
      onClick={onAnswer}
      aria-label={left === null ? 'Answer the call' : `Answer the call (answers by itself in ${left} s)`}
      data-testid="softphone-answer"
    >
      Answer
    </Button>
  );
}
