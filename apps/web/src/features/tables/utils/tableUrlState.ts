import type { TableParams } from '../api';

/*
 * A table's state lives in the address (spec §2.8), so a table link can be shared: page, size, sort, desc, the
 * chosen filter values as one JSON object (f), and the ids a link may narrow it to.
 */

const MAX_ID = 2_147_483_647;

function positiveInt(text: string | null, max = MAX_ID): number | null {
  if (text === null || !/^\d{1,10}$/.test(text)) return null;
  const value = Number(text);
  return value >= 1 && value <= max ? value : null;
}

function chosenOf(text: string | null): Record<string, unknown> {
  if (text === null) return {};
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/** The table request the address describes; anything unreadable falls back to the table's default. */
export function readTableParams(search: URLSearchParams): TableParams {
  const params: TableParams = {
    page: positiveInt(search.get('page')) ?? 1,
    items_per_page: positiveInt(search.get('size'), 1000),
    sortBy: search.get('sort') || null,
    sortDesc: search.get('desc') === 'true',
    chosen: chosenOf(search.get('f')),
  };
  for (const key of ['userId', 'campaignId', 'companyId'] as const) {
    const id = positiveInt(search.get(key));
    if (id !== null) params[key] = id;
  }
  return params;
}

/** The address's search params for a table request (defaults left out, so a plain link stays short). */
export function writeTableParams(params: TableParams): URLSearchParams {
  const search = new URLSearchParams();
  if (params.page !== 1) search.set('page', String(params.page));
  if (params.items_per_page !== null) search.set('size', String(params.items_per_page));
  if (params.sortBy !== null) {
    search.set('sort', params.sortBy);
    search.set('desc', String(params.sortDesc));
  }
  if (Object.keys(params.chosen).length > 0) search.set('f', JSON.stringify(params.chosen));
  for (const key of ['userId', 'campaignId', 'companyId'] as const) {
    const id = params[key];
    if (id !== undefined) search.set(key, String(id));
  }
  return search;
}
