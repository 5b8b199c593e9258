import type { ProductivityLoadBody } from '@shiftline/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { productivityApi, productivityKeys } from '../api';
import type { ProductivitySeries } from '../utils/productivityPairs';

/** The agents of one series under the page's current choices; a failed load is only logged (spec §8). */
export function useSeriesAgents(request: ProductivityLoadBody, series: ProductivitySeries) {
  const body = { ...request, ...series.key };
  const query = useQuery({
    queryKey: productivityKeys.seriesAgents(body),
    queryFn: () => productivityApi.seriesAgents(body),
  });
  useEffect(() => {
    if (query.error) console.error('The series could not be drilled down', query.error);
  }, [query.error]);
  return query;
}
