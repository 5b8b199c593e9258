import CloseIcon from '@mui/icons-material/Close';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { type DataPoint, EMPTY_LABELS, type TeamSchedule } from '@shiftline/shared';
import { DateTime } from 'luxon';
import { type ReactNode, useMemo, useState } from 'react';
import type { ScheduleCampaign } from '../api';
import { type AgentSection, agentSections } from '../utils/groups';
import { touchesDay } from '../utils/timeline';
import { AgentRow, FreeShiftRow, ROW_COLUMNS } from './AgentRows';
import { CampaignTimeline } from './CampaignTimeline';
import type { ShiftActions } from './ShiftBar';
import { TimelineHeader } from './TimelineHeader';

/** The details list's height while collapsed (spec: 340px; opening it shows every row). */
export const COLLAPSED_LIST_HEIGHT = 340;

type DetailsPanelProps = ShiftActions & {
  day: string;
  zone: string;
  schedule: TeamSchedule;
  campaigns: readonly ScheduleCampaign[];
  campaignsLoading: boolean;
  /** Campaign names by id, for free shifts. */
  campaignNames: ReadonlyMap<number, string>;
  /** The campaign filter of the rules bar; empty means all. */
  campaignFilter: readonly number[];
  /** Whether the viewer may plan this agent's shifts. */
  mayPlan: (point: DataPoint) => boolean;
  onPlan: (point: DataPoint) => void;
  onClose: () => void;
};

function SectionPanel({
  section,
  open,
  onToggle,
  children,
}: {
  section: AgentSection;
  open: boolean;
  onToggle: () => void;
  children: ReactNode;
}) {
  const count = section.kind === 'free_shifts' ? section.freeShifts.length : section.agents.length;
  return (
    <Box data-testid="agent-group" data-group={section.key} data-kind={section.kind}>
      <ButtonBase
        onClick={onToggle}
        aria-expanded={open}
        data-testid="agent-group-toggle"
        sx={{
          width: '100%',
          justifyContent: 'flex-start',
          gap: 1,
          px: 1,
          py: 0.75,
          bgcolor: section.kind === 'free_shifts' ? 'rgba(124, 58, 237, 0.08)' : 'action.hover',
          borderTop: 1,
          borderColor: 'divider',
          fontWeight: 600,
          fontSize: '0.8125rem',
        }}
      >
        {open ? <ExpandLessIcon fontSize="small" /> : <ExpandMoreIcon fontSize="small" />}
        <span data-testid="agent-group-title">{section.title}</span>
        <Box component="span" sx={{ color: 'text.secondary', fontWeight: 400 }}>
          ({count})
        </Box>
      </ButtonBase>
      <Collapse in={open} timeout={150} unmountOnExit>
        {children}
      </Collapse>
    </Box>
  );
}

/** The focused day in detail: every agent on a 24-hour timeline in groups, and each campaign's timeline. */
export function DetailsPanel({
  day,
  zone,
  schedule,
  campaigns,
  campaignsLoading,
  campaignNames,
  campaignFilter,
  mayPlan,
  onPlan,
  onClose,
  ...actions
}: DetailsPanelProps) {
  const [listOpen, setListOpen] = useState(false);
  const [closedSections, setClosedSections] = useState<ReadonlySet<string>>(() => new Set());

  const sections = useMemo(
    () =>
      agentSections(
        schedule.data_points,
        schedule.free_shifts.filter((freeShift) => touchesDay(freeShift, day, zone)),
      ),
    [schedule, day, zone],
  );
  const names = useMemo(
    () => new Map(schedule.data_points.map((point) => [point.user_id, point.name])),
    [schedule.data_points],
  );
  const shownCampaigns =
    campaignFilter.length === 0 ? campaigns : campaigns.filter((c) => campaignFilter.includes(c.id));

  const toggleSection = (key: string) =>
    setClosedSections((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  return (
    <Paper variant="outlined" sx={{ mt: 2, minWidth: 0 }} data-testid="details-panel" data-date={day}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1.5 }}>
        <Typography variant="h2" component="h2" sx={{ flexGrow: 1 }} data-testid="details-title">
          {DateTime.fromISO(day).setLocale('en-US').toFormat('cccc, LLL d, yyyy')}
        </Typography>
        <Button
          size="small"
          variant="outlined"
          onClick={() => setListOpen((open) => !open)}
          aria-expanded={listOpen}
          data-testid="details-toggle"
          startIcon={listOpen ? <ExpandLessIcon /> : <ExpandMoreIcon />}
        >
          {listOpen ? 'Collapse' : 'Open list'}
        </Button>
        <IconButton aria-label="Close the day details" onClick={onClose} data-testid="details-close" size="small">
          <CloseIcon fontSize="small" />
        </IconButton>
      </Box>

      <Box
        data-testid="details-list"
        data-open={listOpen}
        sx={{ maxHeight: listOpen ? 'none' : COLLAPSED_LIST_HEIGHT, overflowY: 'auto', position: 'relative' }}
      >
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: ROW_COLUMNS,
            position: 'sticky',
            top: 0,
            zIndex: 2,
            bgcolor: 'background.paper',
            borderBottom: 1,
            borderColor: 'divider',
          }}
        >
          <Typography variant="caption" color="text.secondary" sx={{ px: 1, alignSelf: 'end', pb: 0.25 }}>
            Agents
          </Typography>
          <TimelineHeader />
        </Box>
        {sections.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 2 }}>
            No agents to show.
          </Typography>
        ) : (
          sections.map((section) => (
            <SectionPanel
              key={section.key}
              section={section}
              open={!closedSections.has(section.key)}
              onToggle={() => toggleSection(section.key)}
            >
              {section.kind === 'free_shifts'
                ? section.freeShifts.map((freeShift) => (
                    <FreeShiftRow
                      key={freeShift.id}
                      freeShift={freeShift}
                      day={day}
                      zone={zone}
                      campaignNames={freeShift.campaigns.flatMap((id) => {
                        const name = campaignNames.get(id);
                        return name ? [name] : [];
                      })}
                    />
                  ))
                : section.agents.map((point) => (
                    <AgentRow
                      key={point.user_id}
                      point={point}
                      day={day}
                      zone={zone}
                      onPlan={mayPlan(point) ? onPlan : undefined}
                      {...actions}
                    />
                  ))}
            </SectionPanel>
          ))
        )}
      </Box>

      <Box sx={{ borderTop: 1, borderColor: 'divider' }} data-testid="campaign-timelines">
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: ROW_COLUMNS,
            bgcolor: 'background.paper',
            borderBottom: 1,
            borderColor: 'divider',
          }}
        >
          <Typography variant="subtitle2" sx={{ px: 1, py: 0.5 }}>
            Campaigns
          </Typography>
          <TimelineHeader />
        </Box>
        {campaignsLoading ? (
          <Skeleton variant="rectangular" height={120} />
        ) : shownCampaigns.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 2 }}>
            {EMPTY_LABELS.campaigns}
          </Typography>
        ) : (
          shownCampaigns.map((campaign) => (
            <CampaignTimeline key={campaign.id} campaign={campaign} day={day} zone={zone} names={names} />
          ))
        )}
      </Box>
    </Paper>
  );
}
