import { adminTrunkSchema, trunkBodySchema } from '@shiftline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminRecordRoutes } from '../admin/index.js';
import type { TrunksService } from './trunks.service.js';

/** The administration's trunk forms; the list is the admin_trunks generic table. */
export const trunksRoutes: FastifyPluginAsyncZod<{ trunks: TrunksService }> = async (app, { trunks }) => {
  adminRecordRoutes(app, 'trunks', {
    create: {
      summary: 'Create a carrier trunk: its source addresses, numbers, outbound address, credentials and caller IDs',
      body: trunkBodySchema,
      run: trunks.createTrunk,
    },
    read: {
      summary: "A trunk's form data (the password only as whether one is set)",
      response: adminTrunkSchema,
      run: trunks.getTrunk,
    },
    edit: {
      summary: 'Edit a trunk (auth_password omitted keeps the stored password, null clears it)',
      body: trunkBodySchema,
      run: trunks.editTrunk,
    },
    remove: {
      summary: 'Delete a trunk (its numbers stay with their campaigns and take no calls)',
      run: trunks.deleteTrunk,
    },
  });
};
