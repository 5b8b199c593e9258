import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { CampaignNumbers } from '@shiftline/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../../lib/apiError';
import { fieldErrors } from '../../../lib/fieldErrors';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { adminApi } from '../api';
import { recordOptions } from '../utils/recordOptions';
import { AdminTextField } from './AdminTextField';
import { SelectInput } from './SelectInput';

const NO_TRUNK_HINT = 'No trunk: this number takes no calls from the phone network until a trunk delivers it.';
const trunkIdOf = (value: string) => (value === '' ? null : Number(value));

/**
 * An inbound campaign's phone numbers on its form, each change saved at once: the numbers with the trunk each
 * arrives on, a new one (typed in any common format), another campaign's moved here after a confirmation, and
 * removing one. Calls already waiting on a number stay queued whatever happens to it.
 */
export function CampaignNumbersSection({ campaignId }: { campaignId: number }) {
  const queryClient = useQueryClient();
  const key = ['admin', 'campaign_numbers', campaignId];
  const numbers = useQuery({ queryKey: key, queryFn: () => adminApi.campaignNumbers(campaignId) });
  const trunks = numbers.data?.trunks ?? [];
  const [phone, setPhone] = useState('');
  // Until the administrator chooses, the centre's only trunk (if it has one) is the likely one.
  const [chosenTrunk, setChosenTrunk] = useState<string | null>(null);
  const trunk = chosenTrunk ?? (trunks.length === 1 ? String(trunks[0]?.id) : '');
  const [removing, setRemoving] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });

  const add = useMutation({
    mutationFn: (move: boolean) =>
      adminApi.addCampaignNumber(campaignId, { phone, trunk_id: trunkIdOf(trunk), ...(move ? { move } : {}) }),
    onSuccess: async () => {
      setPhone('');
      await refresh();
    },
  });
  const setTrunk = useMutation({
    mutationFn: (change: { phone: string; trunk: string }) =>
      adminApi.setCampaignNumberTrunk(campaignId, change.phone, { trunk_id: trunkIdOf(change.trunk) }),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (number: string) => adminApi.removeCampaignNumber(campaignId, number),
    onSettled: async () => {
      setRemoving(null);
      await refresh();
    },
  });
  const addErrors = fieldErrors(add.error);
  // The server names the campaign the number belongs to and asks for `move`: the administrator confirms.
  const askingToMove = add.error instanceof ApiError && add.error.fields.move !== undefined;
  const failure = [numbers.error, setTrunk.error, remove.error, askingToMove ? null : add.error].find(
    (error) => error instanceof Error && Object.keys(fieldErrors(error)).length === 0,
  );

  return (
    <Box data-testid="admin-campaign-numbers" sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Typography variant="subtitle2">Phone numbers</Typography>
      <Typography variant="body2" color="text.secondary">
        Each change here is saved at once.
      </Typography>
      {failure ? <Alert severity="error">{(failure as Error).message}</Alert> : null}
      {numbers.data?.numbers.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No number yet: callers cannot reach this campaign.
        </Typography>
      ) : null}
      {(numbers.data?.numbers ?? []).map((number) => (
        <NumberRow
          key={number.phone}
          number={number}
          trunks={trunks}
          onTrunk={(value) => setTrunk.mutate({ phone: number.phone, trunk: value })}
          onRemove={() => setRemoving(number.phone)}
        />
      ))}
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
        <AdminTextField
          label="New number"
          value={phone}
          onChange={setPhone}
          error={askingToMove ? undefined : addErrors.phone}
          hint="e.g. +1 709 555 0100 or (709) 555-0100"
          testId="admin-campaign-number-new"
        />
        <SelectInput
          label="Arrives on trunk"
          value={trunk}
          options={recordOptions('No trunk', trunks)}
          onChange={setChosenTrunk}
          error={addErrors.trunk_id ?? (trunk === '' ? NO_TRUNK_HINT : undefined)}
          testId="admin-campaign-number-new-trunk"
        />
        <Button
          variant="outlined"
          onClick={() => add.mutate(false)}
          loading={add.isPending}
          sx={{ mt: 1, flexShrink: 0 }}
          data-testid="admin-campaign-number-add"
        >
          Add number
        </Button>
      </Box>
      <ConfirmDialog
        open={askingToMove && !add.isPending}
        title="Move the number here?"
        text={`${add.error instanceof Error ? add.error.message : ''} Its next calls reach this campaign; calls already waiting on it are answered where they are.`}
        confirmLabel="Move it here"
        onConfirm={() => add.mutate(true)}
        onCancel={() => add.reset()}
        confirmTestId="admin-campaign-number-move-confirm"
      />
      <ConfirmDialog
        open={removing !== null}
        title="Remove the number?"
        text={`Calls to ${removing ?? ''} stop reaching this campaign; calls already waiting on it are answered as usual.`}
        confirmLabel="Remove"
        busy={remove.isPending}
        destructive
        onConfirm={() => removing && remove.mutate(removing)}
        onCancel={() => setRemoving(null)}
        confirmTestId="admin-campaign-number-remove-confirm"
      />
    </Box>
  );
}

type NumberRowProps = {
  number: CampaignNumbers['numbers'][number];
  trunks: CampaignNumbers['trunks'];
  onTrunk: (value: string) => void;
  onRemove: () => void;
};

function NumberRow({ number, trunks, onTrunk, onRemove }: NumberRowProps) {
  const testId = `admin-campaign-number-${number.phone.slice(1)}`;
  return (
    <Box data-testid={testId} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
      <Typography sx={{ minWidth: 140, mt: 2 }}>{number.phone}</Typography>
      <SelectInput
        label="Arrives on trunk"
        value={number.trunk_id === null ? '' : String(number.trunk_id)}
        options={recordOptions('No trunk', trunks)}
        onChange={onTrunk}
        error={number.trunk_id === null ? NO_TRUNK_HINT : undefined}
        testId={`${testId}-trunk`}
      />
      <Button color="error" onClick={onRemove} sx={{ mt: 1, flexShrink: 0 }} data-testid={`${testId}-remove`}>
        Remove
      </Button>
    </Box>
  );
}
