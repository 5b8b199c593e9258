import type { ProductivityLoadBody } from '@shiftline/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { productivityApi, productivityKeys } from '../api';

/**
 * The page's data; a new request whenever the period, zone, hours or selection change. A failed load is only
 * logged and the screen keeps what it showed (spec §8).
 */
export function useProductivity(body: ProductivityLoadBody) {
  const query = useQuery({
    queryKey: productivityKeys.load(body),
    queryFn: () => productivityApi.load(body),
    placeholderData: keepPreviousData,
  });
  useEffect(() => {
    if (query.error) console.error('Productivity could not be loaded', query.error);
  }, [query.error]);
  return query;
}
