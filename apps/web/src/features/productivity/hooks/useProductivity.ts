import type { ProductivityLoadBody } from '@shiftline/shared';
import { keepPreviousData } from '@tanstack/react-query';
import { useLoggedQuery } from '../../../lib/useLoggedQuery';
import { productivityApi, productivityKeys } from '../api';

/**
 * The page's data; a new request whenever the period, zone, hours or selection change. A failed load is only
 * logged and the screen keeps what it showed (spec §8).
 */
export function useProductivity(body: ProductivityLoadBody) {
  return useLoggedQuery(
    {
      queryKey: productivityKeys.load(body),
      queryFn: () => productivityApi.load(body),
      placeholderData: keepPreviousData,
    },
    'Productivity could not be loaded',
  );
}
