import type { CurrentStatusInfo, SetNewStatusBody } from '@shiftline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { queryKeys } from '../../../lib/queryKeys';
import { statusApi } from '../api';

/** Where a user goes when they choose Logged out: the page that signs them out at once. */
export const SIGN_OUT_PATH = '/profile/logout';

/** Whether a status change signed the agent out (the answer says so, or Logged out was what they chose). */
export const isLoggedOut = (info: CurrentStatusInfo, body: SetNewStatusBody) =>
  info.status.name === 'logged_out' || body.status_name === 'logged_out';

/**
 * Moves the agent to a status. The answer is the new status info and replaces the cached one; a refusal (4xx) leaves
 * the cache as it was and is the mutation's error. Logged out signs the user out once the server has recorded it.
 * `signOutOnLoggedOut: false` leaves that to the caller (the after-call form, which has its own way out).
 */
export function useSetStatus({ signOutOnLoggedOut = true }: { signOutOnLoggedOut?: boolean } = {}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (body: SetNewStatusBody) => statusApi.set(body),
    onSuccess: (info: CurrentStatusInfo, body) => {
      queryClient.setQueryData(queryKeys.status.current, info);
      if (signOutOnLoggedOut && isLoggedOut(info, body)) void navigate(SIGN_OUT_PATH);
    },
  });
}
