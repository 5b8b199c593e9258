import type { ProductivityLoadBody } from '@shiftline/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { productivityApi, productivityKeys } from '../api';

/** The payrolls of the page's current choices, fetched only while the Payment Details are open. */
export function usePayrolls(request: ProductivityLoadBody, open: boolean) {
  const query = useQuery({
    queryKey: productivityKeys.payrolls(request),
    queryFn: () => productivityApi.payrolls(request),
    enabled: open,
  });
  useEffect(() => {
    if (query.error) console.error('The payrolls could not be loaded', query.error);
  }, [query.error]);
  return query;
}
