import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ProductivityLoadBody } from '@shiftline/shared';
import { lazy, Suspense, useCallback, useState } from 'react';
import { type ProductivityPair, toggleSeries, visibleSeries } from '../utils/productivityPairs';
import { AgentDrillDown } from './AgentDrillDown';
import { SeriesStatsList } from './SeriesStatsList';

// ECharts is the heaviest dependency: it loads with the first donut, in a chunk of its own.
const ProductivityDonut = lazy(() => import('./ProductivityDonut'));

type ProductivityPairCardProps = {
  pair: ProductivityPair;
  /** Wide: the donut beside the stats (the full-width Total pair); otherwise the donut above them. */
  wide: boolean;
  /** The page's load request: a drill-down fetches its agents under the same choices. */
  request: ProductivityLoadBody;
};

function EmptyDonut({ text }: { text: string }) {
  return (
    <Box sx={{ height: 200, display: 'grid', placeItems: 'center' }} data-testid="pair-chart-empty">
      <Box
        sx={{
          width: 140,
          height: 140,
          borderRadius: '50%',
          border: 22,
          borderColor: 'divider',
          display: 'grid',
          placeItems: 'center',
        }}
      >
        <Typography variant="caption" color="text.secondary">
          {text}
        </Typography>
      </Box>
    </Box>
  );
}

/**
 * One graph-plus-stats pair. A series clicked in the donut or the list is selected and the others hide;
 * clicking it again shows them all. The people button on a row swaps the list for that series' agents.
 */
export function ProductivityPairCard({ pair, wide, request }: ProductivityPairCardProps) {
  const [selected, setSelected] = useState<string | null>(null);
  const [drilled, setDrilled] = useState<string | null>(null);
  const select = useCallback((name: string) => setSelected((current) => toggleSeries(current, name)), []);
  const shown = visibleSeries(pair.series, selected);
  const drilledSeries = pair.series.find((entry) => entry.name === drilled);
  const hasTime = shown.some((entry) => entry.seconds > 0);

  return (
    <Card data-testid={`pair-${pair.id}`} data-selected={selected ?? ''} sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="h3" component="h2" sx={{ mb: 1 }}>
          {pair.title}
        </Typography>
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: wide ? { xs: '1fr', sm: '220px minmax(0, 1fr)' } : '1fr',
            gap: 2,
            alignItems: 'start',
          }}
        >
          <Box
            sx={{ display: 'grid', placeItems: 'center', maxWidth: wide ? undefined : 320, width: '100%', mx: 'auto' }}
          >
            {hasTime ? (
              <Suspense fallback={<Skeleton variant="circular" width={140} height={140} sx={{ my: 3.75 }} />}>
                <Box sx={{ width: '100%' }}>
                  <ProductivityDonut title={pair.title} series={shown} onSelect={select} testId="pair-chart" />
                </Box>
              </Suspense>
            ) : (
              <EmptyDonut text="No time" />
            )}
          </Box>
          <Box sx={{ minWidth: 0 }}>
            {drilledSeries ? (
              <AgentDrillDown series={drilledSeries} request={request} onBack={() => setDrilled(null)} />
            ) : (
              <SeriesStatsList series={shown} selected={selected} onSelect={select} onDrillDown={setDrilled} />
            )}
          </Box>
        </Box>
      </CardContent>
    </Card>
  );
}
