import Chip from '@mui/material/Chip';
import type { CampaignType } from '@shiftline/shared';

const LABELS: Record<CampaignType, string> = { inbound: 'Inbound', outbound: 'Outbound' };

export function CampaignTypeChip({ type }: { type: CampaignType }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      color={type === 'inbound' ? 'primary' : 'secondary'}
      label={LABELS[type]}
      sx={{ fontWeight: 500 }}
    />
  );
}
