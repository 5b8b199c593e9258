import PhoneCallbackIcon from '@mui/icons-material/PhoneCallback';
import Button from '@mui/material/Button';
import { type CallData, can, type Role } from '@shiftline/shared';
import { PickupButton, useSoftphone } from '../../softphone';
import { callsApi } from '../api';
import { useCallAction } from '../hooks/useCallAction';

/**
 * Without a phone network the page is the phone: picking up takes the call (it is offered to this person) and
 * answers it at once, as a phone answers a picked-up call's INVITE within PICKUP_ANSWER_DELAY_MS (spec §9).
 */
async function pickUpAndAnswer(callId: number): Promise<CallData> {
  await callsApi.pickup(callId);
  return callsApi.flow(callId, 'talk');
}

function SimulatedPickupButton({ callId }: { callId: number }) {
  const pickup = useCallAction(() => pickUpAndAnswer(callId));
  return (
    <Button
      color={pickup.isError ? 'error' : 'inherit'}
      size="small"
      startIcon={<PhoneCallbackIcon />}
      loading={pickup.isPending}
      title={pickup.error?.message}
      data-testid="call-pickup"
      onClick={() => pickup.mutate(undefined)}
    >
      {pickup.isError ? 'Not picked up' : 'Pick up'}
    </Button>
  );
}

/**
 * Pick up (spec §4, §5) for the roles the permission table lets take a waiting call (the server checks the same
 * action): on a real phone network through the softphone (its INVITE answered 1 ms after it arrives), on the
 * simulated one through this page.
 */
export function PickupCall({ callId, role }: { callId: number; role: Role }) {
  const phone = useSoftphone();
  if (!can(role, 'calls.pickup')) return null;
  return phone ? <PickupButton callId={callId} userRole={role} /> : <SimulatedPickupButton callId={callId} />;
}
