import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { CHART_COLORS } from '../utils/chartTheme';
import { type DonutSlice, donutLegend, donutOption } from '../utils/donutChart';
import { EChart } from './EChart';

type DonutChartProps = {
  name: string;
  slices: readonly DonutSlice[];
  testId: string;
  /** With `onSelect`, slices and legend rows are clickable; clicking the selected one again clears it. */
  selected?: string | null;
  onSelect?: (slice: string | null) => void;
  colors?: readonly string[];
};

/** A donut with a legend of counts and percents (2 decimals) beside it. */
export function DonutChart({
  name,
  slices,
  testId,
  selected = null,
  onSelect,
  colors = CHART_COLORS,
}: DonutChartProps) {
  const option = useMemo(() => donutOption(name, slices, selected, colors), [name, slices, selected, colors]);
  const legend = donutLegend(slices, colors);
  const toggle = onSelect ? (slice: string) => onSelect(slice === selected ? null : slice) : undefined;
  return (
    <Box
      data-testid={testId}
      data-selected={selected ?? ''}
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 1fr) auto' }, alignItems: 'center' }}
    >
      <EChart
        option={option}
        height={240}
        label={name}
        testId={`${testId}-canvas`}
        onClick={toggle ? (event) => toggle(event.name) : undefined}
      />
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, minWidth: 170 }}>
        {legend.map((entry) => {
          const row = (
            <>
              <Box sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: entry.color, flexShrink: 0 }} />
              <Typography variant="body2" sx={{ flexGrow: 1, textAlign: 'left' }}>
                {entry.name}
              </Typography>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {entry.value.toLocaleString('en-US')}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ width: 64, textAlign: 'right' }}>
                {entry.percent}
              </Typography>
            </>
          );
          const rowSx = {
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            width: '100%',
            px: 1,
            py: 0.5,
            borderRadius: 1,
            opacity: selected === null || selected === entry.name ? 1 : 0.45,
          };
          return (
            <li key={entry.name} data-testid={`${testId}-slice`} data-slice={entry.name}>
              {toggle ? (
                <ButtonBase
                  onClick={() => toggle(entry.name)}
                  aria-pressed={selected === entry.name}
                  sx={{ ...rowSx, '&:hover': { bgcolor: 'action.hover' } }}
                >
                  {row}
                </ButtonBase>
              ) : (
                <Box sx={rowSx}>{row}</Box>
              )}
            </li>
          );
        })}
      </Box>
    </Box>
  );
}
