import type { TableResponse } from '@shiftline/shared';
import { keepPreviousData } from '@tanstack/react-query';
import { useRef } from 'react';
import { useLoggedQuery } from '../../../lib/useLoggedQuery';
import { type TableParams, tableQueryKey, tablesApi } from '../api';

/**
 * One page of a server table. A failed load is only logged and the last page shown stays (spec §8), so the
 * screen does not change; `failed` says the newest request did not answer.
 */
export function useTableData(name: string, params: TableParams) {
  const query = useLoggedQuery(
    {
      queryKey: tableQueryKey(name, params),
      queryFn: () => tablesApi.table(name, params),
      placeholderData: keepPreviousData,
      retry: false,
    },
    `The ${name} table could not be loaded`,
  );
  const lastShown = useRef<{ name: string; data: TableResponse } | null>(null);
  if (query.data !== undefined) lastShown.current = { name, data: query.data };
  // Another table's last page is not this table's.
  const data = lastShown.current?.name === name ? lastShown.current.data : undefined;
  return {
    data,
    loading: query.isFetching,
    /** When the page shown last arrived (0 before the first). */
    loadedAt: query.dataUpdatedAt,
    failed: query.isError,
    refetch: query.refetch,
  };
}
