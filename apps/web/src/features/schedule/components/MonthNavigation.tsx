import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { monthTitle, shiftMonth } from '../utils/monthKey';

type MonthNavigationProps = { month: string; onMonthChange: (month: string) => void };

/** Previous / next buttons around the month title, above both month calendars. */
export function MonthNavigation({ month, onMonthChange }: MonthNavigationProps) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
      <IconButton
        aria-label="Previous month"
        onClick={() => onMonthChange(shiftMonth(month, -1))}
        data-testid="month-prev"
      >
        <ChevronLeftIcon />
      </IconButton>
      <Typography variant="h2" component="h2" data-testid="month-title">
        {monthTitle(month)}
      </Typography>
      <IconButton aria-label="Next month" onClick={() => onMonthChange(shiftMonth(month, 1))} data-testid="month-next">
        <ChevronRightIcon />
      </IconButton>
    </Box>
  );
}
