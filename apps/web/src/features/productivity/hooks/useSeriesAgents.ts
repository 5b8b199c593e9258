import type { ProductivityLoadBody } from '@shiftline/shared';
import { useLoggedQuery } from '../../../lib/useLoggedQuery';
import { productivityApi, productivityKeys } from '../api';
import type { ProductivitySeries } from '../utils/productivityPairs';

/** The agents of one series under the page's current choices; a failed load is only logged (spec §8). */
export function useSeriesAgents(request: ProductivityLoadBody, series: ProductivitySeries) {
  const body = { ...request, ...series.key };
  return useLoggedQuery(
    {
      queryKey: productivityKeys.seriesAgents(body),
      queryFn: () => productivityApi.seriesAgents(body),
    },
    'The series could not be drilled down',
  );
}
