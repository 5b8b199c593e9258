export { ADMIN_TABLES } from './adminTables.js';
