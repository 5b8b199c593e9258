import type { ProductivityLoadBody } from '@shiftline/shared';
import { useLoggedQuery } from '../../../lib/useLoggedQuery';
import { productivityApi, productivityKeys } from '../api';

/** The payrolls of the page's current choices, fetched only while the Payment Details are open. */
export function usePayrolls(request: ProductivityLoadBody, open: boolean) {
  return useLoggedQuery(
    {
      queryKey: productivityKeys.payrolls(request),
      queryFn: () => productivityApi.payrolls(request),
      enabled: open,
    },
    'The payrolls could not be loaded',
  );
}
