import { TABLE_MAX_PAGE_BUTTONS } from '@shiftline/shared';

export const pageCountOf = (totalCount: number, pageSize: number): number =>
  Math.max(1, Math.ceil(totalCount / Math.max(1, pageSize)));

/** The page numbers the pager shows (spec §9: up to 10), a window around the current page. */
export function pageButtons(page: number, pageCount: number, max = TABLE_MAX_PAGE_BUTTONS): number[] {
  const count = Math.min(max, pageCount);
  const first = Math.min(Math.max(1, page - Math.floor(count / 2)), pageCount - count + 1);
  return Array.from({ length: count }, (_, index) => first + index);
}
