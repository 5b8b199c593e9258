import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import AssessmentIcon from '@mui/icons-material/Assessment';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import CallMadeIcon from '@mui/icons-material/CallMade';
import CallReceivedIcon from '@mui/icons-material/CallReceived';
import CampaignIcon from '@mui/icons-material/Campaign';
import DonutLargeIcon from '@mui/icons-material/DonutLarge';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import GroupsIcon from '@mui/icons-material/Groups';
import HeadsetMicIcon from '@mui/icons-material/HeadsetMic';
import HomeIcon from '@mui/icons-material/Home';
import PhoneForwardedIcon from '@mui/icons-material/PhoneForwarded';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import TableChartIcon from '@mui/icons-material/TableChart';
import ViewTimelineIcon from '@mui/icons-material/ViewTimeline';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { type Action, type CurrentUser, can } from '@shiftline/shared';
import type { ComponentType } from 'react';
import { Link, matchPath, useLocation } from 'react-router';
import { TABLE_NAV_ITEMS } from '../features/tables';

export const NAV_WIDTH = 232;

type NavItem = {
  to: string;
  label: string;
  icon: ComponentType;
  testId: string;
  action: Action | null;
  /** Narrows the item within the roles its action allows. */
  shows?: (user: CurrentUser) => boolean;
};

// Only pages that exist; each shows for the roles its permission allows.
const NAV_ITEMS: readonly NavItem[] = [
  { to: '/', label: 'Home', icon: HomeIcon, testId: 'nav-home', action: null },
  { to: '/inquiries/all_calls', label: 'Calls', icon: HeadsetMicIcon, testId: 'nav-calls', action: 'calls.handle' },
  {
    to: '/outgoing_calls_to_make',
    label: 'Cold calls',
    icon: PhoneForwardedIcon,
    testId: 'nav-cold-calls',
    action: 'cold_calls.view',
    // Outbound agents and the supervisory roles; inbound and email agents make no cold calls.
    shows: (user) => user.role !== 'agent' || user.agent_call_type === 'outbound',
  },
  {
    to: '/schedule',
    label: 'Schedule',
    icon: CalendarMonthIcon,
    testId: 'nav-schedule',
    action: 'schedule.view_own',
  },
  {
    to: '/schedule/days_off',
    label: 'Days off',
    icon: EventBusyIcon,
    testId: 'nav-days-off',
    action: 'vacations.request',
  },
  {
    to: '/schedule/team',
    label: 'Team schedule',
    icon: ViewTimelineIcon,
    testId: 'nav-team-schedule',
    action: 'schedule.view_team',
  },
  {
    to: '/dashboards/inbound',
    label: 'Inbound calls',
    icon: CallReceivedIcon,
    testId: 'nav-dashboard-inbound',
    action: 'dashboards.calls',
  },
  {
    to: '/dashboards/outbound',
    label: 'Outbound calls',
    icon: CallMadeIcon,
    testId: 'nav-dashboard-outbound',
    action: 'dashboards.calls',
  },
  {
    to: '/supervision/agent_state',
    label: 'Agent state report',
    icon: SupportAgentIcon,
    testId: 'nav-agent-state',
    action: 'supervision.view',
  },
  {
    to: '/supervision/campaigns_report',
    label: 'Campaigns report',
    icon: AssessmentIcon,
    testId: 'nav-campaigns-report',
    action: 'supervision.view',
  },
  {
    to: '/productivity',
    label: 'Productivity',
    icon: DonutLargeIcon,
    testId: 'nav-productivity',
    action: 'productivity.view',
  },
  { to: '/agents', label: 'Agents', icon: GroupsIcon, testId: 'nav-agents', action: 'agents.list' },
  {
    to: '/companies/all_campaigns',
    label: 'Campaigns',
    icon: CampaignIcon,
    testId: 'nav-campaigns',
    action: 'campaigns.list',
  },
  // The server tables (spec §2.8), each for the roles its tables.* action allows.
  ...TABLE_NAV_ITEMS.map((item) => ({ ...item, icon: TableChartIcon })),
  { to: '/admin', label: 'Administration', icon: AdminPanelSettingsIcon, testId: 'nav-admin', action: 'admin.manage' },
];

/** The links to the pages the user's role may open, the current one selected. */
export function NavLinks({ user, onNavigate }: { user: CurrentUser; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const items = NAV_ITEMS.filter(
    (item) => (item.action === null || can(user.role, item.action)) && (item.shows?.(user) ?? true),
  );
  // The deepest matching item is the current page: /schedule/days_off is Days off, not Schedule.
  const current = items
    .filter(({ to }) => matchPath({ path: to, end: to === '/' }, pathname) !== null)
    .reduce<string | null>((best, { to }) => (best === null || to.length > best.length ? to : best), null);
  return (
    <List component="nav" aria-label="Main" sx={{ px: 1 }}>
      {items.map(({ to, label, icon: Icon, testId }) => (
        <ListItemButton
          key={to}
          component={Link}
          to={to}
          onClick={onNavigate}
          selected={to === current}
          data-testid={testId}
          sx={{ borderRadius: 2, mb: 0.5, '&.Mui-selected': { color: 'primary.main' } }}
        >
          <ListItemIcon sx={{ minWidth: 36, color: 'inherit' }}>
            <Icon />
          </ListItemIcon>
          <ListItemText primary={label} />
        </ListItemButton>
      ))}
    </List>
  );
}
