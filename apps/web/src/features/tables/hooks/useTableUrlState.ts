import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { TableParams } from '../api';
import { readTableParams, writeTableParams } from '../utils/tableUrlState';

/** The table's page, size, sort and chosen filter values, kept in the address so a table link can be shared. */
export function useTableUrlState() {
  const [search, setSearch] = useSearchParams();
  const params = useMemo(() => readTableParams(search), [search]);
  const update = useCallback(
    (change: (current: TableParams) => TableParams, options: { replace?: boolean } = {}) => {
      setSearch((current) => writeTableParams(change(readTableParams(current))), { replace: options.replace });
    },
    [setSearch],
  );
  return {
    params,
    setPage: useCallback((page: number, replace = false) => update((p) => ({ ...p, page }), { replace }), [update]),
    setPageSize: useCallback((size: number) => update((p) => ({ ...p, items_per_page: size, page: 1 })), [update]),
    setSort: useCallback(
      (sortBy: string, sortDesc: boolean) => update((p) => ({ ...p, sortBy, sortDesc, page: 1 })),
      [update],
    ),
    /** A filter's new value (null clears it, a default too); the table starts again from page 1. */
    setFilter: useCallback(
      (name: string, value: unknown) => update((p) => ({ ...p, chosen: { ...p.chosen, [name]: value }, page: 1 })),
      [update],
    ),
  };
}
