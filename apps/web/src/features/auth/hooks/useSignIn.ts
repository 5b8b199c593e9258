import type { LoginBody } from '@shiftline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authApi, sessionQueryKey } from '../api';

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LoginBody) => authApi.login(body),
    onSuccess: (session) => {
      // Another user's cached screens must not leak into this session.
      queryClient.removeQueries();
      queryClient.setQueryData(sessionQueryKey, session);
    },
  });
}
