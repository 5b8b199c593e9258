import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { catalogRoutes } from './catalog.routes.js';
import { createCatalogService } from './catalog.service.js';

export { dispositionsTable, productsTable } from './catalogTables.js';

/** The administration's dispositions and products (admin.manage). */
export async function registerCatalog(app: FastifyInstance, db: Kysely<Database>) {
  await app.register(catalogRoutes, { catalog: createCatalogService(db) });
}
