import BlockIcon from '@mui/icons-material/Block';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { CallData } from '@shiftline/shared';
import { useState } from 'react';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { callsApi } from '../api';
import { useCallAction } from '../hooks/useCallAction';

/** Blocks the client's number, after a confirmation; a blocked client says so instead. */
export function BlacklistButton({ call }: { call: CallData }) {
  const [asking, setAsking] = useState(false);
  const block = useCallAction(() => callsApi.blacklist(call.inquiry_id));
  if (call.blocked) {
    return (
      <Alert severity="warning" data-testid="client-blocked">
        This client is blacklisted.
      </Alert>
    );
  }
  return (
    <>
      <Button
        color="error"
        variant="outlined"
        startIcon={<BlockIcon />}
        onClick={() => setAsking(true)}
        data-testid="blacklist"
      >
        Blacklist
      </Button>
      {block.error && !asking ? <Alert severity="error">{block.error.message}</Alert> : null}
      <ConfirmDialog
        open={asking}
        title="Blacklist this client?"
        text={`Calls from ${call.client_phone} will be blocked. This cannot be undone from the call page.`}
        confirmLabel="Blacklist"
        destructive
        busy={block.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() => block.mutate(undefined, { onSettled: () => setAsking(false) })}
        confirmTestId="blacklist-confirm"
        cancelTestId="blacklist-cancel"
      />
    </>
  );
}
