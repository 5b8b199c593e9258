import type { Sales, SetNewSalesBody } from '@shiftline/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/queryKeys';
import { callsApi } from '../api';

/** The products the call's campaign sells (its own and every campaign's). */
export function useProducts(callId: number) {
  return useQuery({
    queryKey: queryKeys.calls.products(callId),
    queryFn: () => callsApi.products(callId),
    staleTime: 10 * 60_000,
  });
}

export function useSales(callId: number) {
  return useQuery({ queryKey: queryKeys.calls.sales(callId), queryFn: () => callsApi.sales(callId) });
}

/** Post sale and Clear: each answers the call's sales, which replace the shown ones. */
export function useSalesActions(callId: number) {
  const queryClient = useQueryClient();
  const store = (sales: Sales) => queryClient.setQueryData(queryKeys.calls.sales(callId), sales);
  const post = useMutation({
    mutationFn: (body: SetNewSalesBody) => callsApi.setSales(callId, body),
    onSuccess: store,
  });
  const clear = useMutation({ mutationFn: () => callsApi.clearSales(callId), onSuccess: store });
  return { post, clear };
}
