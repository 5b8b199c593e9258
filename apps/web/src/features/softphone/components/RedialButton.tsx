import ReplayIcon from '@mui/icons-material/Replay';
import Button from '@mui/material/Button';
import { SIMULTANEOUS_CALL_NOTICE } from '@shiftline/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useSoftphone, useSoftphoneView } from '../store';

/**
 * Redial (spec §4): a new call to the same client. The server makes the call record ({redial, inquiry_id}), the page
 * of the new call opens, and the softphone dials the client.
 */
export function RedialButton({ inquiryId, phone: clientPhone }: { inquiryId: number; phone: string }) {
  const phone = useSoftphone();
  const view = useSoftphoneView();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!phone) return null;
  return (
    <Button
      startIcon={<ReplayIcon />}
      disabled={view?.state !== 'registered'}
      loading={pending}
      color={error ? 'error' : 'primary'}
      title={error ?? undefined}
      data-testid="call-redial"
      onClick={() => {
        setPending(true);
        setError(null);
        phone
          .redial(inquiryId, clientPhone)
          .then((result) => {
            if (result.simultaneous) setError(SIMULTANEOUS_CALL_NOTICE);
            else if (result.url) void navigate(result.url);
          })
          .catch((reason: unknown) => setError(reason instanceof Error ? reason.message : 'The redial failed.'))
          .finally(() => setPending(false));
      }}
    >
      {error ?? 'Redial'}
    </Button>
  );
}
