import { type CurrentUser, can } from '@shiftline/shared';
import { useMemo, useState } from 'react';
import { ApiError } from '../../../lib/apiError';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import type { MultiSelectOption } from '../../../ui/MultiSelect';
import { useCampaigns } from '../../campaigns';
import {
  CalendarRulesBar,
  MakeNoticeDialog,
  type TeamPeriod,
  teamScheduleApi,
  useTeamMonth,
  useTeamMutation,
} from '../../teamSchedule';
import { monthTitle } from '../utils/monthKey';

type Notice = { message: string; severity: 'success' | 'error' };

type ScheduleRulesBarProps = {
  viewer: CurrentUser;
  month: string;
  period: TeamPeriod;
  /** The focused day: a notification offers a shift on it. */
  focusDay: string;
  onNotice: (notice: Notice) => void;
};

/**
 * The calendar rules bar on /schedule (spec §2): Back and the campaign choice for everyone; for a schedule
 * supervisor also Approve All (the month's pending shifts in the chosen campaigns, all when none is chosen) and
 * Make a notification (offered to the chosen campaigns).
 */
export function ScheduleRulesBar({ viewer, month, period, focusDay, onNotice }: ScheduleRulesBarProps) {
  const [campaigns, setCampaigns] = useState<number[]>([]);
  const list = useCampaigns();
  const options = useMemo(
    () => (list.data ?? []).map((campaign) => ({ value: campaign.id, label: campaign.name })),
    [list.data],
  );
  if (!can(viewer.role, 'schedule.manage')) {
    return (
      <CalendarRulesBar
        campaignOptions={options}
        campaigns={campaigns}
        onCampaignsChange={setCampaigns}
        isScheduleSupervisor={false}
        pendingCount={0}
        onApproveAll={() => undefined}
        onMakeNotification={() => undefined}
      />
    );
  }
  return (
    <SupervisorRulesBar
      zone={viewer.timezone}
      month={month}
      period={period}
      focusDay={focusDay}
      options={options}
      campaigns={campaigns}
      onCampaignsChange={setCampaigns}
      onNotice={onNotice}
    />
  );
}

type SupervisorRulesBarProps = {
  zone: string;
  month: string;
  period: TeamPeriod;
  focusDay: string;
  options: MultiSelectOption<number>[];
  campaigns: number[];
  onCampaignsChange: (campaigns: number[]) => void;
  onNotice: (notice: Notice) => void;
};

function SupervisorRulesBar({
  zone,
  month,
  period,
  focusDay,
  options,
  campaigns,
  onCampaignsChange,
  onNotice,
}: SupervisorRulesBarProps) {
  const { month: summary } = useTeamMonth(period, campaigns);
  const approveAll = useTeamMutation(teamScheduleApi.approveAll);
  const [approving, setApproving] = useState<{ ids: number[]; open: boolean } | null>(null);
  const [noticeOpen, setNoticeOpen] = useState(false);
  const chosen = campaigns.length > 0 ? options.filter((option) => campaigns.includes(option.value)) : options;
  const count = approving?.ids.length ?? 0;
  return (
    <>
      <CalendarRulesBar
        campaignOptions={options}
        campaigns={campaigns}
        onCampaignsChange={onCampaignsChange}
        isScheduleSupervisor
        pendingCount={summary.pending_ids.length}
        onApproveAll={() => setApproving({ ids: summary.pending_ids, open: true })}
        onMakeNotification={() => setNoticeOpen(true)}
      />
      <ConfirmDialog
        open={approving?.open ?? false}
        title="Approve all?"
        text={`Approve all ${count} pending shift${count === 1 ? '' : 's'} of ${monthTitle(month)}${campaigns.length > 0 ? ' in the chosen campaigns' : ''}?`}
        confirmLabel="Approve All"
        busy={approveAll.isPending}
        onConfirm={() => {
          if (!approving) return;
          approveAll.mutate(approving.ids, {
            onSuccess: () => onNotice({ message: `${approving.ids.length} shifts approved.`, severity: 'success' }),
            onError: (error) =>
              onNotice({
                message: error instanceof ApiError ? error.message : 'Approving failed.',
                severity: 'error',
              }),
            onSettled: () => setApproving({ ...approving, open: false }),
          });
        }}
        onCancel={() => setApproving(approving ? { ...approving, open: false } : null)}
        confirmTestId="confirm-approve-all"
      />
      {noticeOpen ? (
        <MakeNoticeDialog
          day={focusDay}
          zone={zone}
          campaignOptions={chosen}
          onClose={() => setNoticeOpen(false)}
          onSent={() => {
            setNoticeOpen(false);
            onNotice({ message: 'The notification was sent to the available agents.', severity: 'success' });
          }}
        />
      ) : null}
    </>
  );
}
