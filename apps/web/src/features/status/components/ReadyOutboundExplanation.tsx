import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { READY_OUTBOUND_EXPLANATION } from '@shiftline/shared';
import { useState } from 'react';

/** The ready (dial pad) explanation of spec §2.7, under the top bar while the agent is in Ready (Outbound). */
export function ReadyOutboundExplanation({ since }: { since: string }) {
  // Dismissed for this stay in the status; entering Ready (Outbound) again shows it again.
  const [dismissedFor, setDismissedFor] = useState<string | null>(null);
  return (
    <Snackbar open={dismissedFor !== since} anchorOrigin={{ vertical: 'top', horizontal: 'center' }} sx={{ mt: 7 }}>
      <Alert
        severity="info"
        variant="outlined"
        onClose={() => setDismissedFor(since)}
        data-testid="ready-outbound-explanation"
        sx={{ bgcolor: 'background.paper', boxShadow: 3, maxWidth: 560 }}
      >
        {READY_OUTBOUND_EXPLANATION}
      </Alert>
    </Snackbar>
  );
}
