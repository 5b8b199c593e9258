import type { BarSeriesOption, LineSeriesOption } from 'echarts/charts';
import { AXIS_TEXT_COLOR, CHART_COLORS, CHART_GRID, type ChartOption, GRID_LINE_COLOR } from './chartTheme';

export type CategorySeries = {
  name: string;
  data: number[];
  type?: 'bar' | 'line';
  stack?: string;
  color?: string;
  /** The right-hand value axis (a second unit, e.g. minutes next to calls). */
  secondAxis?: boolean;
  markLine?: BarSeriesOption['markLine'];
};

type CategoryChart = {
  categories: string[];
  series: CategorySeries[];
  /** The value axis reaches at least this high (so a reference line stays in view). */
  minAxisMax?: number;
  /** Names of the left and right value axes, when the chart has two. */
  axisNames?: [string, string];
};

const valueAxis = (name: string | undefined, minAxisMax: number | undefined) => ({
  type: 'value' as const,
  name,
  nameTextStyle: { color: AXIS_TEXT_COLOR },
  minInterval: 1,
  max: minAxisMax === undefined ? undefined : (extent: { max: number }) => Math.max(extent.max, minAxisMax),
  axisLabel: { color: AXIS_TEXT_COLOR },
  splitLine: { lineStyle: { color: GRID_LINE_COLOR } },
});

/** A bar (or bar-and-line) chart over categories: days or hours along the bottom, one series per measure. */
export function categoryChartOption({ categories, series, minAxisMax, axisNames }: CategoryChart): ChartOption {
  const twoAxes = series.some((entry) => entry.secondAxis);
  return {
    color: [...CHART_COLORS],
    grid: CHART_GRID,
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { top: 0, left: 'center', data: series.map((entry) => entry.name) },
    xAxis: {
      type: 'category',
      data: categories,
      axisLabel: { color: AXIS_TEXT_COLOR, hideOverlap: true },
      axisLine: { lineStyle: { color: GRID_LINE_COLOR } },
      axisTick: { alignWithLabel: true },
    },
    yAxis: twoAxes
      ? [valueAxis(axisNames?.[0], minAxisMax), { ...valueAxis(axisNames?.[1], undefined), splitLine: { show: false } }]
      : valueAxis(axisNames?.[0], minAxisMax),
    series: series.map((entry): BarSeriesOption | LineSeriesOption => {
      const itemStyle = entry.color ? { color: entry.color } : undefined;
      const yAxisIndex = entry.secondAxis ? 1 : 0;
      if (entry.type === 'line') {
        return {
          type: 'line',
          name: entry.name,
          data: entry.data,
          yAxisIndex,
          itemStyle,
          smooth: false,
          symbolSize: 5,
        };
      }
      return {
        type: 'bar',
        name: entry.name,
        data: entry.data,
        stack: entry.stack,
        yAxisIndex,
        itemStyle,
        barMaxWidth: 28,
        markLine: entry.markLine,
      };
    }),
  };
}
