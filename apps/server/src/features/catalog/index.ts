import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { catalogRoutes } from './catalog.routes.js';
import { createCatalogService } from './catalog.service.js';
import { createStatsSourcesService } from './statsSources.service.js';

export { dispositionsTable, productsTable, statsSourcesTable } from './catalogTables.js';

/** The administration's dispositions, products and stats sources (admin.manage). */
export async function registerCatalog(app: FastifyInstance, db: Kysely<Database>) {
  await app.register(catalogRoutes, { catalog: createCatalogService(db), statsSources: createStatsSourcesService(db) });
}
