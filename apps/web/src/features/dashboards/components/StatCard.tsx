import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import type { CardComparison } from '../utils/cardValues';

type StatCardProps = {
  label: string;
  /** The formatted value; null while it is being counted. */
  value: string | null;
  /** Change against the compare range, with the compared value; absent without a compare range. */
  comparison?: (CardComparison & { comparedValue: string }) | null;
  testId: string;
};

const TONE_COLOR = { good: 'success.main', bad: 'error.main', neutral: 'text.secondary' } as const;

/** One number on the dashboard, with its change against the compare range when there is one. */
export function StatCard({ label, value, comparison, testId }: StatCardProps) {
  return (
    <Card data-testid={testId} sx={{ px: 2, py: 1.5, minWidth: 0 }}>
      <Typography
        variant="caption"
        color="text.secondary"
        component="h3"
        sx={{ textTransform: 'uppercase', letterSpacing: 0.5, fontWeight: 600 }}
        noWrap
      >
        {label}
      </Typography>
      <Typography variant="h2" component="p" sx={{ mt: 0.5 }} data-testid="card-value" noWrap>
        {value ?? 'Counting..'}
      </Typography>
      {comparison ? (
        <Box sx={{ display: 'flex', gap: 0.75, alignItems: 'baseline', mt: 0.25 }}>
          <Typography
            variant="body2"
            sx={{ color: TONE_COLOR[comparison.tone], fontWeight: 600 }}
            data-testid="card-comparison"
          >
            {comparison.text}
          </Typography>
          <Typography variant="caption" color="text.secondary" noWrap>
            vs {comparison.comparedValue}
          </Typography>
        </Box>
      ) : null}
    </Card>
  );
}
