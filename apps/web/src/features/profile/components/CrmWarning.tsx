import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { browserStorage } from '../../../lib/browserStorage';
import { profileApi } from '../api';

const seenKey = (userId: number) => `crm_warning_seen:${userId}`;

/** The CRM-id check after sign-in: the server's warning, shown once per browser session. */
export function CrmWarning({ userId }: { userId: number }) {
  const [seen, setSeen] = useState(() => browserStorage.read('session', seenKey(userId)) !== null);
  const check = useQuery({
    queryKey: ['profile', 'crm-check', userId],
    queryFn: profileApi.checkCrmId,
    enabled: !seen,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const message = check.data?.message ?? null;
  const dismiss = () => {
    browserStorage.write('session', seenKey(userId), '1');
    setSeen(true);
  };
  return (
    <Dialog open={!seen && message !== null} onClose={dismiss} maxWidth="sm" data-testid="crm-warning">
      <DialogTitle>CRM ID check</DialogTitle>
      <DialogContent>
        <Alert severity="warning">{message}</Alert>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={dismiss} data-testid="crm-warning-ok">
          OK
        </Button>
      </DialogActions>
    </Dialog>
  );
}
