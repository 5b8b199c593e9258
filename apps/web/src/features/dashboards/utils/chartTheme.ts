import type { BarSeriesOption, LineSeriesOption, PieSeriesOption } from 'echarts/charts';
import type {
  GridComponentOption,
  LegendComponentOption,
  MarkLineComponentOption,
  TooltipComponentOption,
} from 'echarts/components';
import type { ComposeOption } from 'echarts/core';

/** The option shape of every dashboard chart: only the chart kinds and components the dashboard registers. */
export type ChartOption = ComposeOption<
  | BarSeriesOption
  | LineSeriesOption
  | PieSeriesOption
  | GridComponentOption
  | LegendComponentOption
  | TooltipComponentOption
  | MarkLineComponentOption
>;

/** The five chart colours (spec §9), used in this order by every dashboard chart. */
export const CHART_COLORS: readonly string[] = ['#2457c5', '#0f766e', '#f59e0b', '#dc2626', '#7c3aed'];

/**
 * The seven disposition buckets need seven colours to stay apart: the five chart colours, then two more. The
 * Dispositions lines and the Person Sales donut use them, so a bucket has one colour on both.
 */
export const DISPOSITION_COLORS: readonly string[] = [...CHART_COLORS, '#0891b2', '#64748b'];

/** Donut size 70 (spec §9): the outer radius is 70 % of the chart; the inner one leaves the hole. */
export const DONUT_RADIUS: [string, string] = ['42%', '70%'];

export const AXIS_TEXT_COLOR = '#5b6477';
export const GRID_LINE_COLOR = '#e3e7ef';

/** Grid and axis styling shared by the bar and line charts. */
export const CHART_GRID: GridComponentOption = { left: 8, right: 16, top: 40, bottom: 8, containLabel: true };
