import { LIVE_ROOM, SOCKET_EVENTS } from '@shiftline/shared';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { adminRoutes } from './admin.routes.js';
import { createAdminOrgService } from './adminOrg.service.js';
import { createAdminUsersRepository } from './adminUsers.repository.js';
import { type AdminUsersService, createAdminUsersService } from './adminUsers.service.js';
import { userImportRoutes } from './userImport.routes.js';

export { ADMIN_TABLES, adminTable, postAction, searchFilter, showFilter } from './adminTables.js';
export { type AdminUsersService, checkMayChange } from './adminUsers.service.js';

/**
 * The administration's services and routes (after the live engine: signing a user out ends their status); the live
 * boards hear when an agent's campaigns change.
 */
export async function registerAdmin(app: FastifyInstance, db: Kysely<Database>): Promise<AdminUsersService> {
  const reader = createAdminUsersRepository(db);
  const announceAgentCampaigns = async (userIds: readonly number[]) => {
    for (const userId of userIds) {
      const campaigns = await reader.enabledCampaignIds(userId);
      app.realtime.toRoom(LIVE_ROOM, SOCKET_EVENTS.agentCampaignsChanged, { user_id: userId, campaigns });
    }
  };
  const users = createAdminUsersService({
    db,
    realtime: app.realtime,
    announceAgentCampaigns,
    // The live engine is registered before the administration.
    endStatus: (user) => app.live.engine.setStatus(user, { status_name: 'logged_out' }),
  });
  const org = createAdminOrgService({ db, announceAgentCampaigns });
  await app.register(adminRoutes, { users, org });
  await app.register(userImportRoutes, { db, users });
  return users;
}
export { refusingDuplicates, throwIfTaken, throwIfUnknown } from './adminErrors.js';
export { ADMIN_ROUTE, adminRecordRoutes, OK } from './adminRecordRoutes.js';
