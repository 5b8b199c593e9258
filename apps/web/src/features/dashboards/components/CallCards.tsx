import Box from '@mui/material/Box';
import type { DashboardMetrics } from '@shiftline/shared';
import { type CallCardSpec, cardGridTemplate } from '../utils/callCards';
import { cardComparison, formatCardValue } from '../utils/cardValues';
import { StatCard } from './StatCard';

const GAP_PX = 16;

type CallCardsProps = {
  cards: readonly CallCardSpec[];
  metrics: DashboardMetrics | undefined;
  /** The compare range's metrics; undefined without a compare range or while it loads. */
  compared: DashboardMetrics | undefined;
  maxColumns: number;
  /** The figures could not be loaded and none were shown before: say so rather than 'Counting..'. */
  unavailable?: boolean;
  testId: string;
};

/** What a card shows when its figures could not be loaded. */
export const UNAVAILABLE_VALUE = '—';

/** The calls cards in a grid of at most `maxColumns` columns. */
export function CallCards({ cards, metrics, compared, maxColumns, unavailable = false, testId }: CallCardsProps) {
  return (
    <Box
      data-testid={testId}
      sx={{ display: 'grid', gap: `${GAP_PX}px`, gridTemplateColumns: cardGridTemplate(maxColumns, GAP_PX) }}
    >
      {cards.map((spec) => (
        <StatCard
          key={spec.id}
          label={spec.label}
          testId={`card-${spec.id}`}
          value={
            metrics ? formatCardValue(metrics[spec.metric] ?? 0, spec.format) : unavailable ? UNAVAILABLE_VALUE : null
          }
          comparison={
            metrics && compared
              ? {
                  ...cardComparison(metrics[spec.metric] ?? 0, compared[spec.metric] ?? 0, spec.trend),
                  comparedValue: formatCardValue(compared[spec.metric] ?? 0, spec.format),
                }
              : null
          }
        />
      ))}
    </Box>
  );
}
