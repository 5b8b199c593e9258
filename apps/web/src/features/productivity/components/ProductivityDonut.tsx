import Box from '@mui/material/Box';
import { PieChart, type PieSeriesOption } from 'echarts/charts';
import { TooltipComponent, type TooltipComponentOption } from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { useMemo } from 'react';
import { formatDuration, formatPercent } from '../utils/formatShare';
import type { ProductivitySeries } from '../utils/productivityPairs';

// Only what a donut needs; this module is its own chunk, loaded by the productivity page.
echarts.use([PieChart, TooltipComponent, CanvasRenderer]);

type DonutOption = ComposeOption<PieSeriesOption | TooltipComponentOption>;

type ProductivityDonutProps = {
  title: string;
  /** The series shown: all of them, or only the selected one. */
  series: readonly ProductivitySeries[];
  onSelect: (name: string) => void;
  testId: string;
};

function donutOption(title: string, series: readonly ProductivitySeries[]): DonutOption {
  const byName = new Map(series.map((entry) => [entry.name, entry]));
  return {
    tooltip: {
      trigger: 'item',
      formatter: (params) => {
        const { name } = params as { name: string };
        const entry = byName.get(name);
        return entry ? `${name}<br/>${formatDuration(entry.seconds)} · ${formatPercent(entry.percentOfTotal)}` : name;
      },
    },
    series: [
      {
        name: title,
        type: 'pie',
        // Donut size 70 (spec §9): the outer radius is 70 % of the chart.
        radius: ['42%', '70%'],
        avoidLabelOverlap: true,
        label: { show: false },
        labelLine: { show: false },
        emphasis: { scale: true, scaleSize: 4 },
        data: series
          .filter((entry) => entry.seconds > 0)
          .map((entry) => ({ name: entry.name, value: entry.seconds, itemStyle: { color: entry.color } })),
      },
    ],
  };
}

/** A donut of the series' seconds; clicking a slice selects (or clears) that series. Loaded lazily with ECharts. */
export default function ProductivityDonut({ title, series, onSelect, testId }: ProductivityDonutProps) {
  const option = useMemo(() => donutOption(title, series), [title, series]);
  const onEvents = useMemo(() => ({ click: (params: { name: string }) => onSelect(params.name) }), [onSelect]);
  return (
    <Box
      role="img"
      aria-label={`${title} chart`}
      data-testid={testId}
      data-series={series
        .filter((entry) => entry.seconds > 0)
        .map((entry) => entry.name)
        .join('|')}
    >
      <ReactEChartsCore
        echarts={echarts}
        option={option}
        notMerge
        style={{ height: 200, width: '100%' }}
        onEvents={onEvents}
      />
    </Box>
  );
}
