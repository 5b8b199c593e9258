import CloseIcon from '@mui/icons-material/Close';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type DataPoint, EMPTY_LABELS, type ScheduleCampaign, type TeamSchedule } from '@shiftline/shared';
import { observeElementRect, useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { DateTime } from 'luxon';
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { type DayFilter, dayGroups, filterDayAgents, NO_DAY_FILTER } from '../utils/dayFilter';
import { type DetailRow, detailRows } from '../utils/detailRows';
import { type AgentSection, agentSections } from '../utils/groups';
import { touchesDay } from '../utils/timeline';
import { AGENT_ROW_HEIGHT, AgentRow, FREE_SHIFT_ROW_HEIGHT, FreeShiftRow, ROW_COLUMNS } from './AgentRows';
import { CampaignTimeline } from './CampaignTimeline';
import type { ShiftActions } from './ShiftBar';
import { TimelineHeader } from './TimelineHeader';

/** The heading row over the agents' and the campaigns' timelines: a name column and the hour scale. */
const HEADER_ROW_SX = {
  display: 'grid',
  gridTemplateColumns: ROW_COLUMNS,
  bgcolor: 'background.paper',
  borderBottom: 1,
  borderColor: 'divider',
} as const;

/** The details list's height while collapsed (spec: 340px). */
export const COLLAPSED_LIST_HEIGHT = 340;
/** Opened, the list fills most of the screen and scrolls: a thousand rows would run far past it. */
const OPEN_LIST_HEIGHT = '75vh';
const HEADER_ROW_HEIGHT = 33;
const NO_GROUP = '\u0000none';
const NO_CAMPAIGNS: readonly ScheduleCampaign[] = [];

type DetailsPanelProps = ShiftActions & {
  day: string;
  zone: string;
  schedule: TeamSchedule;
  scheduleLoading: boolean;
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

const rowHeight = (row: DetailRow) =>
  row.kind === 'header' ? HEADER_ROW_HEIGHT : row.kind === 'agent' ? AGENT_ROW_HEIGHT : FREE_SHIFT_ROW_HEIGHT;

function SectionHeader({ section, open, onToggle }: { section: AgentSection; open: boolean; onToggle: () => void }) {
  const count = section.kind === 'free_shifts' ? section.freeShifts.length : section.agents.length;
  return (
    <ButtonBase
      onClick={onToggle}
      aria-expanded={open}
      data-testid="agent-group-toggle"
      sx={{
        width: '100%',
        height: HEADER_ROW_HEIGHT,
        boxSizing: 'border-box',
        justifyContent: 'flex-start',
        gap: 1,
        px: 1,
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
  );
}

/**
 * Without a layout (before the first paint, or in tests) the list measures 0 px high: assume its nominal height
 * so the first rows render at once.
 */
function observeListRect(nominalHeight: number) {
  return (instance: Virtualizer<HTMLDivElement, Element>, cb: (rect: { width: number; height: number }) => void) =>
    observeElementRect(instance, (rect) => cb(rect.height > 0 ? rect : { width: rect.width, height: nominalHeight }));
}

/**
 * The focused day in detail: every agent on a 24-hour timeline in groups, and each campaign's timeline. The
 * agent list is virtualised (only the rows in view are drawn) and filtered by name, 'working today' and group.
 */
export function DetailsPanel({
  day,
  zone,
  schedule,
  scheduleLoading,
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
  const [filter, setFilter] = useState<DayFilter>(NO_DAY_FILTER);
  const panel = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLDivElement>(null);

  // Opening a day brings its timeline into view (the panel sits below a 600px month).
  useEffect(() => {
    panel.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  }, []);

  const groups = useMemo(() => dayGroups(schedule.data_points), [schedule.data_points]);
  const filtered = filter.search.trim() !== '' || filter.workingOnly || filter.group !== '';
  const sections = useMemo(
    () =>
      agentSections(
        filterDayAgents(schedule.data_points, filter, day, zone),
        // Free shifts are nobody's: a search or a group hides them.
        filter.search.trim() === '' && filter.group === ''
          ? schedule.free_shifts.filter((freeShift) => touchesDay(freeShift, day, zone))
          : [],
      ),
    [schedule, filter, day, zone],
  );
  const rows = useMemo(() => detailRows(sections, closedSections), [sections, closedSections]);
  const names = useMemo(
    () => new Map(schedule.data_points.map((point) => [point.user_id, point.name])),
    [schedule.data_points],
  );
  // Read when a campaign bar is pointed at: an approval patching the day does not redraw every campaign timeline.
  const namesNow = useRef(names);
  useEffect(() => {
    namesNow.current = names;
  }, [names]);
  const nameOf = useCallback((userId: number) => namesNow.current.get(userId), []);
  // The campaign timelines (over a thousand bars on a busy day) are drawn after the agent list, in a render
  // that gives way to it; until first drawn their place shows the loading skeleton (later changes keep the
  // drawn timelines on screen while the new ones are laid out).
  const deferredCampaigns = useDeferredValue(campaigns, NO_CAMPAIGNS);
  const campaignsDrawing = campaignsLoading || (deferredCampaigns.length === 0 && campaigns.length > 0);
  const shownCampaigns = useMemo(
    () =>
      campaignFilter.length === 0 ? deferredCampaigns : deferredCampaigns.filter((c) => campaignFilter.includes(c.id)),
    [deferredCampaigns, campaignFilter],
  );

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => list.current,
    estimateSize: (index) => rowHeight(rows[index] as DetailRow),
    overscan: 8,
    observeElementRect: observeListRect(COLLAPSED_LIST_HEIGHT),
  });
  const items = virtualizer.getVirtualItems();
  // Rows in view, under their section's element, so a group's rows stay inside its panel.
  const visibleSections = new Map<string, { start: number; items: typeof items }>();
  let sectionStart = 0;
  const starts = new Map<string, number>();
  for (const row of rows) {
    if (row.kind === 'header') starts.set(row.section.key, sectionStart);
    sectionStart += rowHeight(row);
  }
  for (const item of items) {
    const row = rows[item.index] as DetailRow;
    const entry = visibleSections.get(row.section.key) ?? { start: starts.get(row.section.key) ?? 0, items: [] };
    entry.items.push(item);
    visibleSections.set(row.section.key, entry);
  }

  const toggleSection = (key: string) =>
    setClosedSections((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  const renderRow = (row: DetailRow) => {
    if (row.kind === 'header')
      return (
        <SectionHeader
          section={row.section}
          open={!closedSections.has(row.section.key)}
          onToggle={() => toggleSection(row.section.key)}
        />
      );
    if (row.kind === 'free_shift')
      return (
        <FreeShiftRow
          freeShift={row.freeShift}
          day={day}
          zone={zone}
          campaignNames={row.freeShift.campaigns.flatMap((id) => {
            const name = campaignNames.get(id);
            return name ? [name] : [];
          })}
        />
      );
    return (
      <AgentRow point={row.point} day={day} zone={zone} onPlan={mayPlan(row.point) ? onPlan : undefined} {...actions} />
    );
  };

  return (
    <Paper
      ref={panel}
      variant="outlined"
      sx={{ mt: 2, minWidth: 0, scrollMarginTop: 72 }}
      data-testid="details-panel"
      data-date={day}
    >
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

      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, px: 2, pb: 1.5 }}>
        <TextField
          size="small"
          label="Search agents"
          value={filter.search}
          onChange={(event) => setFilter({ ...filter, search: event.target.value })}
          slotProps={{ htmlInput: { 'data-testid': 'details-search' } }}
          sx={{ minWidth: 220 }}
        />
        <TextField
          select
          size="small"
          label="Group"
          value={filter.group === null ? NO_GROUP : filter.group}
          onChange={(event) =>
            setFilter({ ...filter, group: event.target.value === NO_GROUP ? null : event.target.value })
          }
          slotProps={{ htmlInput: { 'data-testid': 'details-group' } }}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="">All groups</MenuItem>
          {groups.map((group) => (
            <MenuItem key={group ?? NO_GROUP} value={group ?? NO_GROUP}>
              {group ?? 'No group'}
            </MenuItem>
          ))}
        </TextField>
        <FormControlLabel
          control={
            <Checkbox
              checked={filter.workingOnly}
              onChange={(event) => setFilter({ ...filter, workingOnly: event.target.checked })}
              slotProps={{ input: { 'data-testid': 'details-working' } as object }}
            />
          }
          label="Working today"
        />
      </Box>

      <Box sx={HEADER_ROW_SX}>
        <Typography variant="caption" color="text.secondary" sx={{ px: 1, alignSelf: 'end', pb: 0.25 }}>
          Agents
        </Typography>
        <TimelineHeader />
      </Box>
      <Box
        ref={list}
        data-testid="details-list"
        data-open={listOpen}
        sx={{ maxHeight: listOpen ? OPEN_LIST_HEIGHT : COLLAPSED_LIST_HEIGHT, overflowY: 'auto', position: 'relative' }}
      >
        {scheduleLoading ? (
          // As high as the list will be: the panel is scrolled into view while it loads, and a list growing
          // afterwards would push its own end below the screen.
          <Skeleton variant="rectangular" height={COLLAPSED_LIST_HEIGHT} />
        ) : rows.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 2 }}>
            {filtered ? 'No agents match.' : 'No agents to show.'}
          </Typography>
        ) : (
          <Box sx={{ position: 'relative', height: virtualizer.getTotalSize() }}>
            {[...visibleSections].map(([key, { start, items: sectionItems }]) => {
              const section = (rows[sectionItems[0]?.index ?? 0] as DetailRow).section;
              return (
                <Box
                  key={key}
                  data-testid="agent-group"
                  data-group={section.key}
                  data-kind={section.kind}
                  sx={{ position: 'absolute', top: start, left: 0, right: 0 }}
                >
                  {sectionItems.map((item) => (
                    <Box
                      key={item.key}
                      sx={{ position: 'absolute', top: item.start - start, left: 0, right: 0, height: item.size }}
                    >
                      {renderRow(rows[item.index] as DetailRow)}
                    </Box>
                  ))}
                </Box>
              );
            })}
          </Box>
        )}
      </Box>

      <Box sx={{ borderTop: 1, borderColor: 'divider' }} data-testid="campaign-timelines">
        <Box sx={HEADER_ROW_SX}>
          <Typography variant="subtitle2" sx={{ px: 1, py: 0.5 }}>
            Campaigns
          </Typography>
          <TimelineHeader />
        </Box>
        {campaignsDrawing ? (
          <Skeleton variant="rectangular" height={120} />
        ) : shownCampaigns.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 2 }}>
            {EMPTY_LABELS.campaigns}
          </Typography>
        ) : (
          shownCampaigns.map((campaign) => (
            <CampaignTimeline key={campaign.id} campaign={campaign} day={day} zone={zone} nameOf={nameOf} />
          ))
        )}
      </Box>
    </Paper>
  );
}
