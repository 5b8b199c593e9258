import type { TableDefinition } from '../tables/index.js';

/** The administration's lists: users, agent groups, campaigns, campaign lists, companies and portal users. */
export const ADMIN_TABLES: TableDefinition[] = [];
