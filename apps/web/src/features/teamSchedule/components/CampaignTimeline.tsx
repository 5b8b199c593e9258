import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ScheduleCampaign } from '@shiftline/shared';
import { memo, type PointerEvent, useMemo } from 'react';
import { formatTimeRange, statusColor } from '../../schedule';
import { assignLanes } from '../utils/lanes';
import { spanOnDay, spanStyle } from '../utils/timeline';
import { workWindowBars, workWindowText } from '../utils/workWindow';
import { ROW_COLUMNS } from './AgentRows';
import { hourGridSx } from './TimelineHeader';

const LANE_HEIGHT = 7;

type CampaignTimelineProps = {
  campaign: ScheduleCampaign;
  day: string;
  zone: string;
  /** An agent's name by id, for the bars' titles. */
  nameOf: (userId: number) => string | undefined;
};

/** A bar's hover text, written when first pointed at: formatting thousands of them up front costs more than drawing. */
function titleOnHover(
  event: PointerEvent<HTMLElement>,
  shifts: ReadonlyMap<string, ScheduleCampaign['shifts'][number]>,
  nameOf: (userId: number) => string | undefined,
  zone: string,
) {
  const bar = event.target as HTMLElement;
  const shift = bar.dataset.shiftId !== undefined ? shifts.get(bar.dataset.shiftId) : undefined;
  if (!shift || bar.title !== '') return;
  bar.title = `${nameOf(shift.user_id) ?? `User ${shift.user_id}`}: ${formatTimeRange(
    Date.parse(shift.start_utc),
    Date.parse(shift.end_utc),
    zone,
  )}`;
}

/**
 * One campaign on the day: its working window in local time (a night window in two bars) and its
 * agents' shifts, one lane each where they overlap. A busy campaign has a thousand bars: they are laid out
 * once per campaign and day, drawn as plain elements with inline positions (a styled element each would
 * write a style rule per bar), and the timeline is not drawn again while the agent list is filtered.
 */
export const CampaignTimeline = memo(function CampaignTimeline({ campaign, day, zone, nameOf }: CampaignTimelineProps) {
  const { windowBars, windowText, laned, lanes, count, byId } = useMemo(() => {
    const shifts = campaign.shifts.flatMap((shift) => {
      const span = spanOnDay(Date.parse(shift.start_utc), Date.parse(shift.end_utc), day, zone);
      return span ? [{ shift, span }] : [];
    });
    let lanes = 1;
    const laned = assignLanes(shifts).map(({ item: { shift, span }, lane }) => {
      lanes = Math.max(lanes, lane + 1);
      const color = statusColor(shift.status as Parameters<typeof statusColor>[0]);
      // Pending shifts are drawn white (spec), with the border in the status colour.
      const style = {
        position: 'absolute',
        top: 6 + lane * LANE_HEIGHT,
        height: LANE_HEIGHT - 2,
        ...spanStyle(span),
        boxSizing: 'border-box',
        background: shift.status === 'pending' ? '#ffffff' : color,
        border: `1px solid ${color}`,
        borderRadius: 4,
      } as const;
      return { shift, style };
    });
    return {
      windowBars: workWindowBars(campaign.working_hours, day, zone),
      windowText: workWindowText(campaign.working_hours, day, zone),
      laned,
      lanes,
      count: shifts.length,
      byId: new Map(shifts.map(({ shift }) => [String(shift.id), shift])),
    };
  }, [campaign, day, zone]);
  const height = Math.max(52, lanes * LANE_HEIGHT + 12);
  return (
    <Box
      data-testid="campaign-timeline"
      data-campaign-id={campaign.id}
      sx={{
        display: 'grid',
        gridTemplateColumns: ROW_COLUMNS,
        borderTop: 1,
        borderColor: 'divider',
        // Off screen, the browser skips a timeline's hundreds of bars (style, layout, paint) until scrolled to.
        contentVisibility: 'auto',
        containIntrinsicSize: `auto ${height + 1}px`,
      }}
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
          {count} shift{count === 1 ? '' : 's'} · {campaign.users.length} agent
          {campaign.users.length === 1 ? '' : 's'}
        </Typography>
      </Box>
      <Box sx={{ ...hourGridSx, minHeight: height }} onPointerOver={(event) => titleOnHover(event, byId, nameOf, zone)}>
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
        {laned.map(({ shift, style }) => (
          <div
            key={shift.id}
            data-testid="campaign-shift"
            data-status={shift.status}
            data-shift-id={shift.id}
            style={style}
          />
        ))}
      </Box>
    </Box>
  );
});
