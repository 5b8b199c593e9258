import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import NotificationAddIcon from '@mui/icons-material/NotificationAdd';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { EMPTY_LABELS } from '@shiftline/shared';
import { useNavigate } from 'react-router';
import { MultiSelect, type MultiSelectOption } from '../../../ui/MultiSelect';

type CalendarRulesBarProps = {
  campaignOptions: readonly MultiSelectOption<number>[];
  campaigns: readonly number[];
  /** Committed when the menu closes (spec). */
  onCampaignsChange: (campaigns: number[]) => void;
  /** Approve All and Make a notification: the schedule supervisor's only. */
  isScheduleSupervisor: boolean;
  pendingCount: number;
  onApproveAll: () => void;
  onMakeNotification: () => void;
};

/** The calendar rules bar: Back, the campaign filter, and the schedule supervisor's Approve All and Make a notification. */
export function CalendarRulesBar({
  campaignOptions,
  campaigns,
  onCampaignsChange,
  isScheduleSupervisor,
  pendingCount,
  onApproveAll,
  onMakeNotification,
}: CalendarRulesBarProps) {
  const navigate = useNavigate();
  return (
    <Box
      data-testid="calendar-rules-bar"
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, mb: 2 }}
    >
      <Button startIcon={<ArrowBackIcon />} onClick={() => void navigate(-1)} data-testid="rules-back">
        Back
      </Button>
      <MultiSelect
        label="Campaigns"
        options={campaignOptions}
        value={campaigns}
        onChange={onCampaignsChange}
        // Nothing chosen filters nothing out; with no campaign to choose from the spec's empty label shows.
        emptyLabel={campaignOptions.length === 0 ? EMPTY_LABELS.campaigns : 'All campaigns'}
        minWidth={260}
        testId="rules-campaigns"
      />
      <Box sx={{ flexGrow: 1 }} />
      {isScheduleSupervisor ? (
        <>
          <Button
            variant="outlined"
            startIcon={<DoneAllIcon />}
            onClick={onApproveAll}
            disabled={pendingCount === 0}
            data-testid="approve-all"
          >
            Approve All{pendingCount > 0 ? ` (${pendingCount})` : ''}
          </Button>
          <Button
            variant="contained"
            startIcon={<NotificationAddIcon />}
            onClick={onMakeNotification}
            data-testid="make-notification"
          >
            Make a notification
          </Button>
        </>
      ) : null}
    </Box>
  );
}
