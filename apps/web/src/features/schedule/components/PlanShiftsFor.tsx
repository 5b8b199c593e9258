import type { UserCampaign } from '@shiftline/shared';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { queryKeys } from '../../../lib/queryKeys';
import { PlannerDialog } from '../../teamSchedule';

type PlanShiftsForProps = {
  day: string;
  zone: string;
  owner: { id: number; name: string };
  onClose: () => void;
  onDone: (message: string) => void;
};

/**
 * The planner for the user whose calendar a schedule supervisor is viewing: the way to plan for someone with no
 * shifts yet (a new hire), who has no row on the team calendar to plan from. The agent's enabled campaigns are
 * the ones a notice about the shift would go to.
 */
export function PlanShiftsFor({ day, zone, owner, onClose, onDone }: PlanShiftsForProps) {
  const campaigns = useQuery({
    queryKey: queryKeys.agents.campaignsOf(owner.id),
    queryFn: () => http.get<UserCampaign[]>(`/api/dashboards/user-campaigns-popup/${owner.id}`),
  });
  const enabled = (campaigns.data ?? []).filter((campaign) => !campaign.is_disabled).map((campaign) => campaign.id);
  return (
    <PlannerDialog
      day={day}
      zone={zone}
      target={{ id: owner.id, name: owner.name, campaigns: enabled }}
      forself={false}
      isScheduleSupervisor
      onClose={onClose}
      onDone={onDone}
    />
  );
}
