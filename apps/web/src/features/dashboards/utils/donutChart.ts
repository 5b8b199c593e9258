import { formatDonutPercent } from '@shiftline/shared';
import type { PieSeriesOption } from 'echarts/charts';
import { CHART_COLORS, type ChartOption, DONUT_RADIUS } from './chartTheme';

export type DonutSlice = { name: string; value: number };

/** Each slice with its colour and its share of the total, 2 decimals ('12.50%'), for the legend beside a donut. */
export function donutLegend(
  slices: readonly DonutSlice[],
  colors: readonly string[] = CHART_COLORS,
): (DonutSlice & { color: string; percent: string })[] {
  const total = slices.reduce((sum, slice) => sum + slice.value, 0);
  return slices.map((slice, index) => ({
    ...slice,
    color: colors[index % colors.length] as string,
    percent: formatDonutPercent(slice.value, total),
  }));
}

/**
 * A donut (radius 70 %, the five chart colours unless told otherwise) whose tooltip gives each slice's share with 2 decimals. With a
 * `selected` slice, that slice stands out and the others fade.
 */
export function donutOption(
  name: string,
  slices: readonly DonutSlice[],
  selected: string | null = null,
  colors: readonly string[] = CHART_COLORS,
): ChartOption {
  const total = slices.reduce((sum, slice) => sum + slice.value, 0);
  const data: PieSeriesOption['data'] = slices.map((slice) => ({
    name: slice.name,
    value: slice.value,
    selected: slice.name === selected,
    itemStyle: { opacity: selected === null || slice.name === selected ? 1 : 0.35 },
  }));
  return {
    color: [...colors],
    tooltip: {
      trigger: 'item',
      formatter: (params: unknown) => {
        const { name: slice, value } = params as { name: string; value: number };
        return `${slice}: ${value.toLocaleString('en-US')} (${formatDonutPercent(value, total)})`;
      },
    },
    series: [
      {
        type: 'pie',
        name,
        radius: DONUT_RADIUS,
        center: ['50%', '50%'],
        selectedMode: 'single',
        selectedOffset: 8,
        avoidLabelOverlap: true,
        // No calls: an empty ring, not four equal slices.
        stillShowZeroSum: false,
        label: { show: false },
        labelLine: { show: false },
        data,
      },
    ],
  };
}

/** A response's bucket counts in the buckets' own order, every bucket present (absent ones as 0). */
export function bucketSlices(
  buckets: readonly { label: string }[],
  counts: readonly { label: string; calls: number }[],
): DonutSlice[] {
  return buckets.map((bucket) => ({
    name: bucket.label,
    value: counts.find((entry) => entry.label === bucket.label)?.calls ?? 0,
  }));
}
