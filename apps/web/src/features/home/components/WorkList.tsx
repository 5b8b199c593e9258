import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

export type WorkItem = { key: string; primary: string; secondary: string; chip?: string; to: string };

type WorkListProps = {
  title: string;
  /** How many there are in all; the list shows the first few. */
  count: number | undefined;
  items: readonly WorkItem[] | undefined;
  loading: boolean;
  failed: boolean;
  /** Said when there is nothing (never when the load failed). */
  empty: string;
  /** The page with all of them. */
  all: { to: string; label: string };
  testId: string;
};

/** A home-page card: the first few items of a list, each a link, with the full count and a link to all of them. */
export function WorkList({ title, count, items, loading, failed, empty, all, testId }: WorkListProps) {
  const more = count !== undefined && items !== undefined ? count - items.length : 0;
  return (
    <Card data-testid={testId} data-count={count ?? ''}>
      <CardContent sx={{ pb: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1 }}>
          <Typography variant="h2" sx={{ flexGrow: 1 }}>
            {title}
          </Typography>
          {count !== undefined && count > 0 ? (
            <Chip size="small" label={count} color="primary" data-testid={`${testId}-count`} />
          ) : null}
        </Box>
      </CardContent>
      {loading ? (
        <Box sx={{ px: 2, pb: 2 }}>
          <Skeleton height={40} />
          <Skeleton height={40} />
        </Box>
      ) : failed ? (
        // Quiet, and never an empty list: nobody should read a failed load as having nothing to do.
        <Alert severity="info" sx={{ mx: 2, mb: 2 }} data-testid={`${testId}-failed`}>
          This could not be loaded. Open{' '}
          <Link component={RouterLink} to={all.to}>
            {all.label}
          </Link>{' '}
          or reload the page.
        </Alert>
      ) : items && items.length > 0 ? (
        <List disablePadding>
          {items.map((item) => (
            // A list holds list items; the link sits inside one.
            <ListItem key={item.key} disablePadding divider>
              <ListItemButton component={RouterLink} to={item.to} data-testid={`${testId}-item`}>
                <ListItemText primary={item.primary} secondary={item.secondary} />
                {item.chip ? <Chip size="small" variant="outlined" label={item.chip} sx={{ ml: 1 }} /> : null}
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      ) : (
        <Typography color="text.secondary" sx={{ px: 2, pb: 2 }} data-testid={`${testId}-empty`}>
          {empty}
        </Typography>
      )}
      {!loading && !failed ? (
        <Box sx={{ px: 2, py: 1.5 }}>
          <Link component={RouterLink} to={all.to} data-testid={`${testId}-all`}>
            {more > 0 ? `${more} more — ${all.label}` : all.label}
          </Link>
        </Box>
      ) : null}
    </Card>
  );
}
