import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { type Agent, EMPTY_LABELS } from '@shiftline/shared';
import { ApiError } from '../../../lib/apiError';
import { useAgentCampaigns } from '../hooks/useAgentCampaigns';
import { agentName } from '../utils/agentName';

/** The agent as the agents list has them, or as a live report names them (one display name). */
type DialogAgent = Pick<Agent, 'id'> & (Pick<Agent, 'firstName' | 'secondName'> | { name: string });
type AgentCampaignsDialogProps = { agent: DialogAgent; canToggle: boolean; onClose: () => void };

const messageOf = (error: unknown, fallback: string) => (error instanceof ApiError ? error.message : fallback);

/** The campaigns popup: an agent's campaigns, each with a switch for the roles that may change it. */
export function AgentCampaignsDialog({ agent, canToggle, onClose }: AgentCampaignsDialogProps) {
  const { campaigns, toggle } = useAgentCampaigns(agent.id);
  const name = 'name' in agent ? agent.name : agentName(agent);
  return (
    <Dialog open onClose={onClose} maxWidth="sm" data-testid="agent-campaigns-dialog">
      <DialogTitle>
        Campaigns of {name}
        <Typography variant="body2" color="text.secondary">
          {canToggle ? 'Switch a campaign off to stop this agent taking its calls.' : 'View only.'}
        </Typography>
      </DialogTitle>
      <DialogContent dividers>
        {toggle.error ? (
          <Alert severity="error" sx={{ mb: 1 }} data-testid="agent-campaigns-error">
            {messageOf(toggle.error, 'The change could not be saved.')}
          </Alert>
        ) : null}
        {campaigns.error ? (
          <Alert severity="error">{messageOf(campaigns.error, 'The campaigns could not be loaded.')}</Alert>
        ) : null}
        {campaigns.isPending ? (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 3 }}>
            <CircularProgress size={28} aria-label="Loading campaigns" />
          </Box>
        ) : null}
        {campaigns.data?.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 2 }}>
            {EMPTY_LABELS.campaigns}
          </Typography>
        ) : null}
        <List dense disablePadding>
          {campaigns.data?.map((campaign) => (
            <ListItem
              key={campaign.id}
              disableGutters
              data-testid="agent-campaign"
              secondaryAction={
                <Switch
                  edge="end"
                  checked={!campaign.is_disabled}
                  disabled={!canToggle || toggle.isPending}
                  onChange={() => toggle.mutate(campaign.id)}
                  slotProps={{ input: { 'aria-label': `${campaign.name} enabled` } }}
                />
              }
            >
              <ListItemText
                primary={campaign.name}
                secondary={campaign.is_disabled ? 'Disabled for this agent' : 'Enabled'}
              />
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
