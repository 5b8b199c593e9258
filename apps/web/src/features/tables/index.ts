export { DataTable } from './components/DataTable';
export { tablePageRoute } from './routes';
export { TABLE_NAV_ITEMS, type TableNavItem } from './utils/tableNav';
