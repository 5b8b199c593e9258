import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { CallData } from '@shiftline/shared';
import { useState } from 'react';
import { useNow } from '../../../lib/useNow';
import { callsApi } from '../api';
import { useCallAction } from '../hooks/useCallAction';
import { formatCallbackTime, localInputToUnix, nextFullHour, toLocalInput } from '../utils/callbackTime';

/** The call's callback (spec §2.9): when, and who asked for it; set one for a chosen time, or remove it. */
export function CallbackControl({ call, zone }: { call: CallData; zone: string }) {
  const id = call.inquiry_id;
  // Until the agent picks a time, the offered one follows the clock, so it is never past and every picker agrees.
  const nowMs = useNow(30_000).getTime();
  const [chosen, setChosen] = useState<string | null>(null);
  const when = chosen ?? toLocalInput(nextFullHour(nowMs, zone), zone);
  const set = useCallAction((unix: number) => callsApi.setCallback(id, unix));
  const unset = useCallAction(() => callsApi.unsetCallback(id));
  const busy = set.isPending || unset.isPending;
  const error = set.error ?? unset.error;
  const unix = localInputToUnix(when, zone);
  const past = unix !== null && unix * 1000 < nowMs;
  const { callback } = call;
  return (
    <Box data-testid="callback" sx={{ display: 'grid', gap: 1 }}>
      {callback ? (
        <Alert
          severity="info"
          data-testid="callback-info"
          action={
            <Button color="inherit" size="small" onClick={() => unset.mutate()} loading={unset.isPending}>
              Remove
            </Button>
          }
        >
          Callback {formatCallbackTime(callback.date_time, zone)}
          {callback.user_name ? ` · set by ${callback.user_name}` : ''}
          {callback.user_role ? ` (${callback.user_role})` : ''}
          {callback.voice_mail ? ' · the client left a voicemail' : ''}
        </Alert>
      ) : (
        <Typography variant="body2" color="text.secondary">
          No callback planned.
        </Typography>
      )}
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <TextField
          type="datetime-local"
          label={`Call back at (${zone.split('/').pop()?.replace('_', ' ')})`}
          size="small"
          value={when}
          onChange={(event) => setChosen(event.target.value)}
          error={unix === null || past}
          helperText={past ? 'Choose a time that has not passed' : undefined}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'callback-time' } }}
        />
        <Button
          variant="outlined"
          onClick={() => unix !== null && set.mutate(unix)}
          disabled={unix === null || past || busy}
          loading={set.isPending}
          data-testid="callback-set"
        >
          {callback ? 'Move callback' : 'Set callback'}
        </Button>
      </Box>
      {error ? <Alert severity="error">{error.message}</Alert> : null}
    </Box>
  );
}
