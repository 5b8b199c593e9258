import { createBrowserRouter, type LazyRouteFunction, Navigate, type RouteObject } from 'react-router';
import { adminRoute } from '../features/admin/routes';
import { agentsRoute } from '../features/agents/routes';
import { loginRoute, signOutDialogRoute, signOutNowRoute } from '../features/auth/routes';
import { callPageRoute, callsPageRoute } from '../features/calls/routes';
import { campaignsRoute } from '../features/campaigns/routes';
import { coldCallsRoute } from '../features/coldCalls/routes';
import { inboundDashboardRoute, outboundDashboardRoute } from '../features/dashboards/routes';
import { homeRoute } from '../features/home/routes';
import { productivityRoute } from '../features/productivity/routes';
import { changePasswordRoute, editProfileRoute } from '../features/profile/routes';
import { scheduleRoute } from '../features/schedule/routes';
import { agentStateRoute, campaignsReportRoute, wallboardRoute } from '../features/supervision/routes';
import { tablePageRoute } from '../features/tables/routes';
import { teamScheduleRoute } from '../features/teamSchedule/routes';
import { daysOffRoute } from '../features/vacations/routes';
import { FullPageSpinner } from '../ui/FullPageSpinner';
import type { RouteHandle } from './AppLayout';
import { NotFoundPage } from './NotFoundPage';
import { PageTitle } from './PageTitle';
import { RequireAuth } from './RequireAuth';
import { RequirePermission } from './RequirePermission';
import { RouteError } from './RouteError';

// The signed-in shell loads apart from the sign-in page, which stays small.
const layoutRoute: LazyRouteFunction<RouteObject> = async () => ({
  Component: (await import('./AppLayout')).AppLayout,
});

// Each page names itself in the browser's title (see PageTitle); dialog routes show over the page they opened on.
const titled = (title: string): RouteHandle => ({ title });
const dialog = (title: string): RouteHandle => ({ title, dialog: true });

const pages: RouteObject[] = [
  { path: '/login', handle: titled('Sign in'), lazy: loginRoute },
  { path: '/profile/logout', handle: titled('Signing out'), lazy: signOutNowRoute },
  {
    element: <RequireAuth />,
    children: [
      {
        // The wallboard fills a wall screen: no top bar or navigation around it.
        path: 'wallboard',
        handle: titled('Wallboard'),
        element: <RequirePermission action="supervision.view" />,
        children: [{ index: true, lazy: wallboardRoute }],
      },
      {
        lazy: layoutRoute,
        children: [
          {
            // A failing page leaves the top bar and navigation usable.
            errorElement: <RouteError />,
            children: [
              { index: true, handle: titled('Home'), lazy: homeRoute },
              {
                path: 'agents',
                handle: titled('Agents'),
                element: <RequirePermission action="agents.list" />,
                children: [{ index: true, lazy: agentsRoute }],
              },
              { path: 'companies/all_campaigns', handle: titled('Campaigns'), lazy: campaignsRoute },
              {
                // Productivity: everyone with work time; an agent sees only their own (the server's row rule).
                path: 'productivity',
                handle: titled('Productivity'),
                element: <RequirePermission action="productivity.view" />,
                children: [{ index: true, lazy: productivityRoute }],
              },
              {
                // The call-statistics dashboards: every role; the server keeps each to the campaigns it may see.
                path: 'dashboards',
                element: <RequirePermission action="dashboards.calls" />,
                children: [
                  // The menu's first dashboard stands for the section, so /dashboards is never blank.
                  { index: true, element: <Navigate to="inbound" replace /> },
                  { path: 'inbound', handle: titled('Inbound calls'), lazy: inboundDashboardRoute },
                  { path: 'outbound', handle: titled('Outbound calls'), lazy: outboundDashboardRoute },
                ],
              },
              {
                // The live floor and the campaigns report (spec §2.3, §2.4): the centre's staff.
                path: 'supervision',
                element: <RequirePermission action="supervision.view" />,
                children: [
                  { index: true, element: <Navigate to="agent_state" replace /> },
                  { path: 'agent_state', handle: titled('Agent state report'), lazy: agentStateRoute },
                  { path: 'campaigns_report', handle: titled('Campaigns report'), lazy: campaignsReportRoute },
                ],
              },
              {
                path: 'schedule',
                handle: titled('Schedule'),
                element: <RequirePermission action="schedule.view_own" />,
                children: [
                  { index: true, lazy: scheduleRoute },
                  {
                    // Days-off requests: one's own, or all of them for a schedule supervisor.
                    path: 'days_off',
                    handle: titled('Days off'),
                    element: <RequirePermission action="vacations.request" />,
                    children: [{ index: true, lazy: daysOffRoute }],
                  },
                  {
                    // Another user's calendar: a schedule supervisor's.
                    path: 'users/:id',
                    handle: titled('Agent schedule'),
                    element: <RequirePermission action="schedule.manage" />,
                    children: [{ index: true, lazy: scheduleRoute }],
                  },
                ],
              },
              {
                // The supervisor schedule calendar: every role, the client portal too (not only those with a schedule).
                path: 'schedule/team',
                handle: titled('Team schedule'),
                element: <RequirePermission action="schedule.view_team" />,
                children: [{ index: true, lazy: teamScheduleRoute }],
              },
              {
                // The live calls of roles that take them: where agents wait, and the page a call is worked on.
                path: 'inquiries',
                element: <RequirePermission action="calls.handle" />,
                children: [
                  { index: true, element: <Navigate to="all_calls" replace /> },
                  { path: 'all_calls', handle: titled('Calls'), lazy: callsPageRoute },
                  { path: 'call/:id', handle: titled('Call'), lazy: callPageRoute },
                ],
              },
              {
                // The cold-calls table (spec §2): both of the spec's addresses show it.
                element: <RequirePermission action="cold_calls.view" />,
                children: [
                  { path: 'outgoing_calls_to_make', handle: titled('Cold calls'), lazy: coldCallsRoute },
                  { path: 'outbound_sales_calls', handle: titled('Cold calls'), lazy: coldCallsRoute },
                ],
              },
              // Any server table (spec §2.8); the server checks its tables.* permission and narrows its rows.
              { path: 'tables/:name', handle: titled('Table'), lazy: tablePageRoute },
              {
                // Administration (issue 16): users, groups, campaigns, campaign lists, companies; a form over its list.
                path: 'admin',
                handle: titled('Administration'),
                element: <RequirePermission action="admin.manage" />,
                children: [
                  { index: true, element: <Navigate to="users" replace /> },
                  { path: ':entity', lazy: adminRoute },
                  { path: ':entity/:id', lazy: adminRoute },
                ],
              },
              {
                path: 'profile/edit_profile',
                handle: dialog('Profile settings'),
                element: <RequirePermission action="profile.edit" />,
                children: [{ index: true, lazy: editProfileRoute }],
              },
              { path: 'profile/change_password', handle: dialog('Change password'), lazy: changePasswordRoute },
              { path: 'logout', handle: dialog('Sign out'), lazy: signOutDialogRoute },
              { path: '*', handle: titled('Page not found'), Component: NotFoundPage },
            ],
          },
        ],
      },
    ],
  },
];

// The root supplies what shows while the first page's code loads, and when any page fails to.
const routes: RouteObject[] = [
  {
    Component: PageTitle,
    hydrateFallbackElement: <FullPageSpinner label="Loading" />,
    errorElement: <RouteError />,
    children: pages,
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
