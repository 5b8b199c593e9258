import GroupAddIcon from '@mui/icons-material/GroupAdd';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { softphoneApi } from '../api';
import { useSoftphone, useSoftphoneView } from '../store';

type Props = { callId: number; agentId: number; name: string };

/**
 * Warm transfer asked from the call page (spec §4): invites an agent of the call's campaign to join. They are asked
 * '{agent} wants to add you to the conference…'; when they accept, this phone transfers the call to them, and when they
 * decline the top bar says who declined (the softphone's transfer events).
 */
export function PhoneWarmTransferButton({ callId, agentId, name }: Props) {
  const phone = useSoftphone();
  const view = useSoftphoneView();
  const [state, setState] = useState<'idle' | 'sending' | 'asked' | 'failed'>('idle');
  const [reason, setReason] = useState('');
  const onThisCall =
    view !== null && view.callId === callId && ['in_progress', 'on_hold', 'muted'].includes(view.state);
  return (
    <Tooltip title={state === 'failed' ? reason : ''}>
      <span>
        <Button
          size="small"
          variant="outlined"
          color={state === 'failed' ? 'error' : 'primary'}
          startIcon={<GroupAddIcon />}
          disabled={!onThisCall || !phone}
          loading={state === 'sending'}
          aria-label={`Ask ${name} to join the call (warm transfer)`}
          data-testid="transfer-warm"
          data-state={state}
          onClick={() => {
            setState('sending');
            softphoneApi.inviteWarmTransfer(callId, agentId).then(
              () => setState('asked'),
              (error: unknown) => {
                setReason(error instanceof Error ? error.message : 'The invitation failed.');
                setState('failed');
              },
            );
          }}
        >
          {state === 'asked' ? 'Asked' : state === 'failed' ? 'Not asked' : 'Invite'}
        </Button>
      </span>
    </Tooltip>
  );
}
