import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type CallData, TRANSFER_TYPES } from '@shiftline/shared';
import { useState } from 'react';
import { PhoneTransferButton, PhoneWarmTransferButton, useSoftphone } from '../../softphone';
import { callsApi, type OperatorRole, type TransferType } from '../api';
import { useCallAction } from '../hooks/useCallAction';
import { useOperators } from '../hooks/useOperators';

const ROLE_OPTIONS: { value: OperatorRole; label: string }[] = [
  { value: 'agent', label: 'Agents' },
  { value: 'team_lead', label: 'Team leads' },
  { value: 'agent_supervisor', label: 'Agent supervisors' },
  { value: 'campaign_manager', label: 'Campaign managers' },
];

const TYPE_LABELS: Record<TransferType, string> = { cold: 'Cold (hand over)', warm: 'Warm (introduce first)' };

const isTransferType = (value: string): value is TransferType => (TRANSFER_TYPES as readonly string[]).includes(value);

/**
 * Transfer targets: the call's campaign operators in a chosen role, with their live status, and the transfer type.
 * On a real phone network each operator with an extension has, by the type chosen, Transfer (cold: the softphone's
 * blind transfer, REFER) or Invite (warm: they are asked to join, and the call goes to them when they accept).
 */
export function TransferPanel({ call }: { call: CallData }) {
  const phone = useSoftphone();
  const [role, setRole] = useState<OperatorRole>('agent');
  const operators = useOperators(call.inquiry_id, role);
  const setType = useCallAction((type: TransferType | null) => callsApi.updateTransferType(call.inquiry_id, type));
  const current = call.transfer_type !== null && isTransferType(call.transfer_type) ? call.transfer_type : '';
  const shownType = setType.isPending ? (setType.variables ?? '') : current;
  return (
    <Box data-testid="transfer" sx={{ display: 'grid', gap: 1.5 }}>
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1.5 }}>
        <TextField
          select
          size="small"
          label="Transfer to"
          value={role}
          onChange={(event) => setRole(event.target.value as OperatorRole)}
          slotProps={{ select: { native: true }, htmlInput: { 'data-testid': 'transfer-role' } }}
        >
          {ROLE_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Transfer type"
          value={shownType}
          onChange={(event) => setType.mutate(isTransferType(event.target.value) ? event.target.value : null)}
          error={setType.isError}
          helperText={setType.error?.message}
          slotProps={{
            select: { native: true },
            htmlInput: { 'data-testid': 'transfer-type' },
            inputLabel: { shrink: true },
          }}
        >
          <option value="">None</option>
          {TRANSFER_TYPES.map((type) => (
            <option key={type} value={type}>
              {TYPE_LABELS[type]}
            </option>
          ))}
        </TextField>
      </Box>
      {operators.data === undefined ? (
        operators.isError ? (
          <Typography variant="body2" color="error">
            The list could not be loaded: {operators.error.message}
          </Typography>
        ) : (
          <Skeleton variant="rounded" height={64} />
        )
      ) : operators.data.operators.length === 0 ? (
        <Typography variant="body2" color="text.secondary" data-testid="transfer-empty">
          Nobody in this role works this campaign.
        </Typography>
      ) : (
        <List dense disablePadding sx={{ maxHeight: 240, overflow: 'auto' }}>
          {operators.data.operators.map((operator) => (
            <ListItem key={operator.id} disableGutters data-testid="transfer-operator">
              <ListItemText
                primary={operator.name}
                secondary={`${operator.status_title}${operator.extension ? ` · ext. ${operator.extension}` : ''}`}
              />
              {phone && operator.extension ? (
                shownType === 'warm' ? (
                  <PhoneWarmTransferButton callId={call.current_call_id} agentId={operator.id} name={operator.name} />
                ) : (
                  <PhoneTransferButton
                    callId={call.current_call_id}
                    extension={operator.extension}
                    name={operator.name}
                  />
                )
              ) : null}
            </ListItem>
          ))}
        </List>
      )}
      {phone ? (
        <Typography variant="caption" color="text.secondary" data-testid="transfer-mode-hint">
          {shownType === 'warm'
            ? 'Warm: the agent you invite is asked to join; the call goes to them when they accept.'
            : 'Cold: the call goes straight to the agent. Choose Warm to ask them first.'}
        </Typography>
      ) : (
        <Typography variant="caption" color="text.secondary">
          Transfers are placed from the softphone, on a real phone network.
        </Typography>
      )}
    </Box>
  );
}
