import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { browserStorage } from '../../../lib/browserStorage';
import { queryKeys } from '../../../lib/queryKeys';
import { profileApi } from '../api';

// The dialog (and MUI's modal machinery) loads only for a user the server warns: most never see it.
const CrmWarningDialog = lazy(async () => ({ default: (await import('./CrmWarningDialog')).CrmWarningDialog }));

const seenKey = (userId: number) => `crm_warning_seen:${userId}`;

/** The CRM-id check after sign-in: the server's warning, shown once per browser session. */
export function CrmWarning({ userId }: { userId: number }) {
  const [seen, setSeen] = useState(() => browserStorage.read('session', seenKey(userId)) !== null);
  const check = useQuery({
    queryKey: queryKeys.crmCheck(userId),
    queryFn: profileApi.checkCrmId,
    enabled: !seen,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const message = check.data?.message ?? null;
  const dismiss = () => {
    browserStorage.write('session', seenKey(userId), '1');
    setSeen(true);
  };
  // Once shown, it stays mounted so that it closes with its transition.
  if (message === null) return null;
  return (
    <Suspense fallback={null}>
      <CrmWarningDialog open={!seen} message={message} onDismiss={dismiss} />
    </Suspense>
  );
}
