import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { statusColor } from '../../schedule/utils/calendarEvents';
import { formatTimeRange } from '../../schedule/utils/localTime';
import type { ScheduleCampaign } from '../api';
import { assignLanes } from '../utils/lanes';
import { spanOnDay, spanStyle } from '../utils/timeline';
import { formatWorkWindow, workWindowBars } from '../utils/workWindow';
import { ROW_COLUMNS } from './AgentRows';
import { hourGridSx } from './TimelineHeader';

const LANE_HEIGHT = 7;

type CampaignTimelineProps = {
  campaign: ScheduleCampaign;
  day: string;
  zone: string;
  /** Agent names by id, for the bars' titles. */
  names: ReadonlyMap<number, string>;
};

/**
 * One campaign on the day: its working window in local time (a night window in two bars) and its
 * agents' shifts, one lane each where they overlap.
 */
export function CampaignTimeline({ campaign, day, zone, names }: CampaignTimelineProps) {
  const windowBars = workWindowBars(campaign.start_work_time, campaign.end_work_time, day, zone);
  const shifts = campaign.shifts.flatMap((shift) => {
    const span = spanOnDay(Date.parse(shift.start_utc), Date.parse(shift.end_utc), day, zone);
    return span ? [{ shift, span }] : [];
  });
  const laned = assignLanes(shifts);
  const lanes = Math.max(1, ...laned.map(({ lane }) => lane + 1));
  const windowText = formatWorkWindow(campaign.start_work_time, campaign.end_work_time, day, zone);
  return (
    <Box
      data-testid="campaign-timeline"
      data-campaign-id={campaign.id}
      sx={{ display: 'grid', gridTemplateColumns: ROW_COLUMNS, borderTop: 1, borderColor: 'divider' }}
    >
      <Box sx={{ px: 1, py: 0.5, minWidth: 0 }}>
        <Typography
          variant="body2"
          sx={{ fontWeight: 600, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}
          title={campaign.name}
        >
          {campaign.name}
        </Typography>
        <Typography variant="caption" color="text.secondary" data-testid="work-window-label" sx={{ display: 'block' }}>
          {windowText}
        </Typography>
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
          {shifts.length} shift{shifts.length === 1 ? '' : 's'} · {campaign.users.length} agent
          {campaign.users.length === 1 ? '' : 's'}
        </Typography>
      </Box>
      <Box sx={{ ...hourGridSx, minHeight: Math.max(52, lanes * LANE_HEIGHT + 12) }}>
        {windowBars.map((bar) => (
          <Box
            key={bar.from}
            data-testid="work-window-bar"
            title={`Working window ${windowText}`}
            sx={{
              position: 'absolute',
              top: 2,
              bottom: 2,
              ...spanStyle(bar),
              bgcolor: 'rgba(22, 163, 74, 0.12)',
              borderLeft: '2px solid rgba(22, 163, 74, 0.6)',
              borderRight: '2px solid rgba(22, 163, 74, 0.6)',
            }}
          />
        ))}
        {laned.map(({ item: { shift, span }, lane }) => {
          const color = statusColor(shift.status as Parameters<typeof statusColor>[0]);
          const pending = shift.status === 'pending';
          return (
            <Box
              key={shift.id}
              data-testid="campaign-shift"
              data-status={shift.status}
              data-shift-id={shift.id}
              title={`${names.get(shift.user_id) ?? `User ${shift.user_id}`}: ${formatTimeRange(
                Date.parse(shift.start_utc),
                Date.parse(shift.end_utc),
                zone,
              )}`}
              sx={{
                position: 'absolute',
                top: 6 + lane * LANE_HEIGHT,
                height: LANE_HEIGHT - 2,
                ...spanStyle(span),
                bgcolor: pending ? '#ffffff' : color,
                border: 1,
                borderColor: color,
                borderRadius: 0.5,
              }}
            />
          );
        })}
      </Box>
    </Box>
  );
}
