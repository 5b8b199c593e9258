import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { type CurrentUser, EMPTY_LABELS, timeZoneLabel, zoneAbbreviation } from '@shiftline/shared';
import { DateTime } from 'luxon';
import { ApiError } from '../../../lib/apiError';
import { formatWorkingWindow } from '../../../lib/workingWindow';
import { useCurrentUser } from '../../auth';
import { CampaignTypeChip, useCampaigns } from '../../campaigns';
import { HomeWork } from './HomeWork';

function greeting(hour: number): string {
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}

function Fact({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Card>
      <CardContent>
        <Typography variant="caption" color="text.secondary" sx={{ textTransform: 'uppercase', letterSpacing: 0.5 }}>
          {label}
        </Typography>
        <Typography variant="h3" sx={{ mt: 0.5 }} data-testid={testId}>
          {value}
        </Typography>
      </CardContent>
    </Card>
  );
}

function CampaignList({ user, now }: { user: CurrentUser; now: Date }) {
  const campaigns = useCampaigns();
  if (campaigns.isPending) {
    return (
      <Box sx={{ px: 2, pb: 2 }}>
        <Skeleton height={40} />
        <Skeleton height={40} />
      </Box>
    );
  }
  if (campaigns.error) {
    return (
      <Alert severity="error" sx={{ m: 2 }}>
        {campaigns.error instanceof ApiError ? campaigns.error.message : 'Campaigns could not be loaded.'}
      </Alert>
    );
  }
  if (campaigns.data.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ px: 2, pb: 2 }} data-testid="home-no-campaigns">
        {EMPTY_LABELS.campaigns}
      </Typography>
    );
  }
  return (
    <List disablePadding>
      {campaigns.data.map((campaign) => (
        <ListItem key={campaign.id} divider data-testid="home-campaign" sx={{ gap: 2 }}>
          <ListItemText
            primary={campaign.name}
            secondary={`Working hours ${formatWorkingWindow(campaign.working_hours, user.timezone, now)}`}
          />
          <CampaignTypeChip type={campaign.type} />
        </ListItem>
      ))}
    </List>
  );
}

/** /: who the signed-in user is, their work (shifts, requests, what waits for their approval) and campaigns. */
export function HomePage() {
  const user = useCurrentUser();
  const now = new Date();
  const local = DateTime.fromJSDate(now, { zone: user.timezone }).setLocale('en-US');
  const isAgent = user.role === 'agent';
  return (
    <Box sx={{ maxWidth: 1100 }}>
      <Typography variant="h1" data-testid="home-greeting">
        {greeting(local.hour)}, {user.first_name}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 0.5, mb: 3 }}>
        {local.toFormat('cccc, LLLL d')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr)' } }}>
        <Fact label="Role" value={user.role_name} testId="home-role" />
        <Fact label="Agent group" value={user.agent_group?.name ?? 'None'} testId="home-group" />
        <Fact label="Extension" value={user.extension ?? 'None'} testId="home-extension" />
        <Fact
          label="Time zone"
          value={`${timeZoneLabel(user.timezone)} (${zoneAbbreviation(now, user.timezone)})`}
          testId="home-timezone"
        />
      </Box>
      <HomeWork user={user} />
      <Card sx={{ mt: 3 }}>
        <CardContent sx={{ pb: 1 }}>
          <Typography variant="h2">{isAgent ? 'Your campaigns' : 'Active campaigns'}</Typography>
          <Typography variant="body2" color="text.secondary">
            Working windows in {timeZoneLabel(user.timezone)} time.
          </Typography>
        </CardContent>
        <CampaignList user={user} now={now} />
      </Card>
    </Box>
  );
}
