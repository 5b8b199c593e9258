import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { http } from '../../../lib/http';
import { authApi, sessionQueryKey } from '../api';

/** Ends the session on the server, forgets everything cached for it and goes to the sign-in page. */
export function useSignOut(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    // A 401 here means the session had already ended, which is the wanted outcome.
    await authApi.logout().catch(() => undefined);
    http.setCsrfToken(null);
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
    queryClient.setQueryData(sessionQueryKey, null);
    await navigate('/login', { replace: true });
  }, [queryClient, navigate]);
}
