import type { CurrentUser } from '@shiftline/shared';
import { useSession } from './useSession';

/** The signed-in user; only for screens behind RequireAuth. */
export function useCurrentUser(): CurrentUser {
  const user = useSession().data?.user;
  if (!user) throw new Error('useCurrentUser needs a signed-in session (render it behind RequireAuth)');
  return user;
}
