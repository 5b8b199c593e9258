import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';

/**
 * A query whose failure is only logged, as `failure` on the console: the screen keeps what it showed, or its empty
 * state (spec §8).
 */
export function useLoggedQuery<TData, TKey extends QueryKey>(
  options: UseQueryOptions<TData, Error, TData, TKey>,
  failure: string,
) {
  const query = useQuery(options);
  useEffect(() => {
    if (query.error) console.error(failure, query.error);
  }, [query.error, failure]);
  return query;
}
