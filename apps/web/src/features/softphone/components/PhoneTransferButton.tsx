import PhoneForwardedIcon from '@mui/icons-material/PhoneForwarded';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useSoftphone, useSoftphoneView } from '../store';

/** Blind transfer of the call to an operator's extension (SIP REFER); says when it did not go through. */
export function PhoneTransferButton({ callId, extension, name }: { callId: number; extension: string; name: string }) {
  const phone = useSoftphone();
  const view = useSoftphoneView();
  const [state, setState] = useState<'idle' | 'sending' | 'failed'>('idle');
  const onThisCall =
    view !== null && view.callId === callId && ['in_progress', 'on_hold', 'muted'].includes(view.state);
  return (
    <Button
      size="small"
      variant="outlined"
      color={state === 'failed' ? 'error' : 'primary'}
      startIcon={<PhoneForwardedIcon />}
      disabled={!onThisCall || !phone}
      loading={state === 'sending'}
      aria-label={`Transfer the call to ${name}`}
      data-testid="transfer-blind"
      onClick={() => {
        if (!phone) return;
        setState('sending');
        void phone.transfer(extension).then((done) => setState(done ? 'idle' : 'failed'));
      }}
    >
      {state === 'failed' ? 'Not transferred' : 'Transfer'}
    </Button>
  );
}
