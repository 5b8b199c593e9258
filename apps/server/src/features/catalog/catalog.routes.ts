import {
  adminDispositionSchema,
  adminProductSchema,
  adminStatsSourceSchema,
  dispositionBodySchema,
  idParamSchema,
  okSchema,
  productBodySchema,
  statsSourceBodySchema,
  statsSourceNumbersSchema,
} from '@shiftline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { viewerRoute } from '../../plugins/viewerRoute.js';
import { ADMIN_ROUTE, adminRecordRoutes, OK } from '../admin/index.js';
import type { CatalogService } from './catalog.service.js';
import type { StatsSourcesService } from './statsSources.service.js';

/**
 * The administration's disposition, product and stats source forms; the lists are the admin_dispositions,
 * admin_products and admin_stats_sources tables.
 */
export const catalogRoutes: FastifyPluginAsyncZod<{
  catalog: CatalogService;
  statsSources: StatsSourcesService;
}> = async (app, { catalog, statsSources }) => {
  adminRecordRoutes(app, 'dispositions', {
    create: {
      summary: "Add a disposition to a campaign (or to every campaign of a type), last in the agents' list",
      body: dispositionBodySchema,
      run: catalog.createDisposition,
    },
    read: { summary: "A disposition's form data", response: adminDispositionSchema, run: catalog.getDisposition },
    edit: { summary: 'Edit a disposition', body: dispositionBodySchema, run: catalog.editDisposition },
    remove: {
      summary: 'Delete a disposition (archived instead when calls used it)',
      run: catalog.removeDisposition,
    },
  });
  for (const [name, step] of [
    ['move_up', -1],
    ['move_down', 1],
  ] as const) {
    viewerRoute(app, {
      ...ADMIN_ROUTE,
      method: 'POST',
      url: `/api/admin/dispositions/:id/${name}`,
      summary: `Move a disposition ${step < 0 ? 'up' : 'down'} in the list agents see`,
      input: { in: 'params', schema: idParamSchema },
      response: okSchema,
      answer: async (viewer, params) => {
        await catalog.moveDisposition(viewer, params.id, step);
        return OK;
      },
    });
  }
  adminRecordRoutes(app, 'products', {
    create: {
      summary: 'Add a product (to a campaign, or to every campaign)',
      body: productBodySchema,
      run: catalog.createProduct,
    },
    read: { summary: "A product's form data", response: adminProductSchema, run: catalog.getProduct },
    edit: {
      summary: 'Edit a product (posted sales keep their amounts)',
      body: productBodySchema,
      run: catalog.editProduct,
    },
    remove: { summary: 'Delete a product (archived instead when sales used it)', run: catalog.removeProduct },
  });
  adminRecordRoutes(app, 'stats_sources', {
    create: {
      summary: 'Add a stats source, and the centre numbers whose calls count under it',
      body: statsSourceBodySchema,
      run: statsSources.create,
    },
    read: { summary: "A stats source's form data", response: adminStatsSourceSchema, run: statsSources.get },
    edit: {
      summary: 'Rename a stats source or change its numbers',
      body: statsSourceBodySchema,
      run: statsSources.edit,
    },
    remove: { summary: 'Delete a stats source no call counts under', run: statsSources.remove },
  });
  viewerRoute(app, {
    ...ADMIN_ROUTE,
    method: 'GET',
    url: '/api/admin/stats_sources/numbers',
    summary: "The centre's numbers, with the stats source each carries",
    response: statsSourceNumbersSchema,
    answer: () => statsSources.numbers(),
  });
};
