import { campaignRoom, LIVE_ROOM, SOCKET_EVENTS } from '@shiftline/shared';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { blockedPhones } from '../blocking/index.js';
import { removeAbandonedImports } from './leadImport.js';
import { leadListsRoutes } from './leadLists.routes.js';
import { createLeadListsService } from './leadLists.service.js';

export { leadListsTable } from './leadListsTable.js';
export { checkLeadRow } from './leadRow.js';

/** The administration's lead lists (admin.manage); a changed list refreshes its campaign's cold-calls tables. */
export async function registerLeadLists(app: FastifyInstance, db: Kysely<Database>) {
  const leadLists = createLeadListsService({
    db,
    blockedPhones: (phones) => blockedPhones(db, phones),
    leadsChanged: (campaignIds) => {
      for (const campaignId of new Set(campaignIds)) {
        app.realtime.toRoom([campaignRoom(campaignId), LIVE_ROOM], SOCKET_EVENTS.coldCallsRefresh, {
          campaign_id: campaignId,
        });
      }
    },
  });
  // Rows a stopped process staged and never listed.
  await removeAbandonedImports(db);
  await app.register(leadListsRoutes, { leadLists });
}
