import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { campaignNumbersRoutes } from './campaignNumbers.routes.js';
import { createCampaignNumbersService } from './campaignNumbers.service.js';
import type { PasswordSeal } from './trunkPassword.js';
import { trunksRoutes } from './trunks.routes.js';
import { createTrunksService } from './trunks.service.js';

export { createPasswordSeal, type PasswordSeal } from './trunkPassword.js';
export { createTrunksRepository, type TrunksRepository } from './trunks.repository.js';

/**
 * The administration's carrier trunks and campaigns' numbers (admin.manage); trunk passwords sealed with a key from
 * the session secret.
 */
export async function registerTrunks(app: FastifyInstance, db: Kysely<Database>, seal: PasswordSeal) {
  const trunks = createTrunksService({ db, seal });
  await app.register(trunksRoutes, { trunks });
  await app.register(campaignNumbersRoutes, { numbers: createCampaignNumbersService(db) });
}
export { DEMO_TRUNK_NAME, demoTrunkId } from '../../db/demo/demoTrunk.js';
