import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { blockingRoutes } from './blocking.routes.js';
import { createBlockingService } from './blocking.service.js';

export { blockedNumbersTable } from './blockedNumbersTable.js';
export { blockedPhones, blockReasonOf, blockReasonSql } from './blocking.repository.js';
export { blacklistClient } from './blocking.service.js';

/** The administration of blocked numbers (the do-not-call list and unblocking). */
export async function registerBlocking(app: FastifyInstance, db: Kysely<Database>): Promise<void> {
  await app.register(blockingRoutes, { blocking: createBlockingService({ db }) });
}
