import { ACTIONS, type Action } from '@shiftline/shared';

/** The server tables with a page of their own, in the navigation's order; each shows for its `tables.*` action. */
const TABLE_PAGES = [
  { name: 'call_log', label: 'Call log' },
  { name: 'login_report', label: 'Login report' },
  { name: 'performance_breakdown', label: 'Performance breakdown' },
  { name: 'agents', label: 'Agents table' },
  { name: 'audit_log', label: 'Audit log' },
] as const;

export type TableNavItem = { to: string; label: string; testId: string; action: Action };

/** The table pages whose permission exists (a table whose server part has not landed has none yet). */
export const TABLE_NAV_ITEMS: readonly TableNavItem[] = TABLE_PAGES.flatMap(({ name, label }) => {
  const action = `tables.${name}`;
  return (ACTIONS as readonly string[]).includes(action)
    ? [{ to: `/tables/${name}`, label, testId: `nav-table-${name}`, action: action as Action }]
    : [];
});
