import type { ProductivityGroup, ProductivityResult } from '@shiftline/shared';

/** The five chart colours (spec §9), then lighter tints of them for groups with more sub-categories. */
export const SERIES_COLORS: readonly string[] = [
  '#2457c5',
  '#0f766e',
  '#f59e0b',
  '#dc2626',
  '#7c3aed',
  '#7fa0e6',
  '#5eb5ab',
  '#fbc96a',
  '#f08a8a',
  '#b79af5',
];

/** One slice of a donut and one row of its stats list. */
export type ProductivitySeries = {
  name: string;
  color: string;
  seconds: number;
  minutes: number;
  percentOfTotal: number;
  percentOfOnCall: number;
  percentOfPaid: number;
  /** Which series this is, for its drill-down: a group, or a sub-category of one. */
  key: { group: ProductivityGroup; subCategory: string | null };
};

/** A graph-plus-stats pair: Total (one series per group), then one pair per group (one series per sub-category). */
export type ProductivityPair = { id: string; title: 'Total' | ProductivityGroup; series: ProductivitySeries[] };

const slug = (title: string) => title.toLowerCase().replaceAll(' ', '-');

/** The page's five pairs in the spec's order: Total, Billable Work, Productive, Unproductive, Unclassified. */
export function productivityPairs(result: Pick<ProductivityResult, 'groups'>): ProductivityPair[] {
  const color = (index: number) => SERIES_COLORS[index % SERIES_COLORS.length] as string;
  const total: ProductivityPair = {
    id: 'total',
    title: 'Total',
    series: result.groups.map(({ group, subCategories: _, ...share }, index) => ({
      ...share,
      name: group,
      color: color(index),
      key: { group, subCategory: null },
    })),
  };
  const groups = result.groups.map(
    (group): ProductivityPair => ({
      id: slug(group.group),
      title: group.group,
      series: group.subCategories.map(({ subCategory, ...share }, index) => ({
        ...share,
        name: subCategory,
        color: color(index),
        key: { group: group.group, subCategory },
      })),
    }),
  );
  return [total, ...groups];
}

/** Clicking a series selects it; clicking the selected one again clears the selection. */
export const toggleSeries = (selected: string | null, clicked: string): string | null =>
  selected === clicked ? null : clicked;

/** With a series selected the others are hidden. */
export const visibleSeries = (series: readonly ProductivitySeries[], selected: string | null): ProductivitySeries[] =>
  selected === null ? [...series] : series.filter((entry) => entry.name === selected);
