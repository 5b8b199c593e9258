import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { type Campaign, can, EMPTY_LABELS } from '@shiftline/shared';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError } from '../../../lib/apiError';
import { queryKeys } from '../../../lib/queryKeys';
import { formatWorkingWindow } from '../../../lib/workingWindow';
import { useCurrentUser } from '../../auth';
import { campaignsApi } from '../api';
import { useCampaigns } from '../hooks/useCampaigns';
import { CampaignTypeChip } from './CampaignTypeChip';

const COLUMNS = 5;

/** The warning for admins about campaigns nobody can take (text from the server). */
function ActiveCampaignsNotice() {
  const notice = useQuery({ queryKey: queryKeys.campaigns.activeNotice, queryFn: campaignsApi.activeNotice });
  const text = notice.data?.notice_body ?? null;
  if (text === null) return null;
  return (
    <Alert severity="warning" sx={{ mb: 2 }} data-testid="campaigns-notice">
      {text}
    </Alert>
  );
}

function MessageRow({ children }: { children: ReactNode }) {
  return (
    <TableRow>
      <TableCell colSpan={COLUMNS} sx={{ py: 4, textAlign: 'center', color: 'text.secondary' }}>
        {children}
      </TableCell>
    </TableRow>
  );
}

function CampaignRows({ campaigns, zone }: { campaigns: Campaign[] | undefined; zone: string }) {
  if (campaigns === undefined) {
    return (
      <MessageRow>
        <Skeleton />
        <Skeleton />
      </MessageRow>
    );
  }
  if (campaigns.length === 0) return <MessageRow>{EMPTY_LABELS.campaigns}</MessageRow>;
  const now = new Date();
  return campaigns.map((campaign) => (
    <TableRow key={campaign.id} hover data-testid="campaign-row">
      <TableCell sx={{ fontWeight: 500 }}>{campaign.name}</TableCell>
      <TableCell>
        <CampaignTypeChip type={campaign.type} />
      </TableCell>
      <TableCell>{campaign.company?.name ?? '—'}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatWorkingWindow(campaign.working_hours, zone, now)}</TableCell>
      <TableCell align="right">{campaign.agents_count}</TableCell>
    </TableRow>
  ));
}

/** /companies/all_campaigns: every campaign the user may see, with today's working hours in the viewer's zone. */
export function CampaignsPage() {
  const user = useCurrentUser();
  const campaigns = useCampaigns();
  return (
    <Box>
      <Typography variant="h1" sx={{ mb: 0.5 }}>
        Campaigns
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Active campaigns. Today's working hours are shown in your time zone.
      </Typography>
      {can(user.role, 'companies.check_active_outbound_campaigns') ? <ActiveCampaignsNotice /> : null}
      {campaigns.error ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {campaigns.error instanceof ApiError ? campaigns.error.message : 'Campaigns could not be loaded.'}
        </Alert>
      ) : null}
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label="Campaigns">
          <TableHead>
            <TableRow>
              <TableCell>Name</TableCell>
              <TableCell>Type</TableCell>
              <TableCell>Company</TableCell>
              <TableCell>Working hours today</TableCell>
              <TableCell align="right">Active agents</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {campaigns.error ? null : <CampaignRows campaigns={campaigns.data} zone={user.timezone} />}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}
