import type { CurrentUser } from '@shiftline/shared';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { queryKeys } from '../../lib/queryKeys';
import { softphoneApi } from './api';

// JsSIP and the phone load only for a user who takes calls on a real phone network.
const Softphone = lazy(async () => ({ default: (await import('./Softphone')).Softphone }));

/**
 * Mounted in the top bar for roles that take calls: asks the server where the phone network is, and loads the
 * softphone only when there is one (websocket_proxy_url null: the network is simulated, no phone is loaded).
 */
export function SoftphoneLoader({ user }: { user: CurrentUser }) {
  const settings = useQuery({
    queryKey: queryKeys.softphone.settings,
    queryFn: softphoneApi.settings,
    staleTime: Infinity,
  });
  if (!settings.data?.websocket_proxy_url || settings.data.token === null) return null;
  return (
    <Suspense fallback={null}>
      <Softphone user={user} />
    </Suspense>
  );
}
