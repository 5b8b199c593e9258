import Box from '@mui/material/Box';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, MarkLineComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import type { ChartOption } from '../utils/chartTheme';

// Only the pieces the dashboard draws, so the chart code stays small; this module loads with the dashboard page.
echarts.use([
  BarChart,
  LineChart,
  PieChart,
  GridComponent,
  LegendComponent,
  MarkLineComponent,
  TooltipComponent,
  CanvasRenderer,
]);

export type ChartClick = { name: string; seriesName?: string; value?: unknown };

type EChartProps = {
  option: ChartOption;
  height: number;
  /** Names what the chart shows, for screen readers. */
  label: string;
  testId: string;
  onClick?: (event: ChartClick) => void;
};

const seriesNames = (option: ChartOption): string => {
  const series = option.series;
  const list = Array.isArray(series) ? series : series ? [series] : [];
  return list.map((entry) => String(entry.name ?? '')).join('|');
};

/**
 * One ECharts chart. The series names are mirrored on `data-series`, since the canvas itself cannot be read,
 * e.g. by browser tests checking which queue buckets the Overview shows.
 */
export function EChart({ option, height, label, testId, onClick }: EChartProps) {
  return (
    <Box role="img" aria-label={label} data-testid={testId} data-series={seriesNames(option)}>
      <ReactEChartsCore
        echarts={echarts}
        option={option}
        notMerge
        style={{ height, width: '100%' }}
        onEvents={onClick ? { click: onClick } : undefined}
      />
    </Box>
  );
}
