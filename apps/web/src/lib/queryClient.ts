import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './apiError';

const isClientError = (error: unknown) => error instanceof ApiError && error.status >= 400 && error.status < 500;

/** Server state cache. `onUnauthorized` runs when any call finds the session gone (401). */
export function createQueryClient(onUnauthorized: () => void): QueryClient {
  const onError = (error: Error) => {
    if (error instanceof ApiError && error.status === 401) onUnauthorized();
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Retrying a 4xx only repeats the same refusal.
        retry: (failures, error) => !isClientError(error) && failures < 2,
      },
      mutations: { retry: false },
    },
  });
}
