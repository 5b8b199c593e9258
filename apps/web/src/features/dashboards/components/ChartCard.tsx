import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

type ChartCardProps = {
  title: string;
  subtitle?: string;
  actions?: ReactNode;
  testId: string;
  children: ReactNode;
};

/** A titled panel around one chart, with room for the chart's own controls on the right. */
export function ChartCard({ title, subtitle, actions, testId, children }: ChartCardProps) {
  return (
    <Card data-testid={testId} sx={{ p: 2, minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 2, mb: 1 }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h3" component="h2">
            {title}
          </Typography>
          {subtitle ? (
            <Typography variant="body2" color="text.secondary">
              {subtitle}
            </Typography>
          ) : null}
        </Box>
        {actions}
      </Box>
      {children}
    </Card>
  );
}
