import multipart from '@fastify/multipart';
import { userImportOptionsSchema, userImportResultSchema } from '@shiftline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { signedIn } from '../../plugins/access.js';
import { multipartUpload } from '../../plugins/multipartUpload.js';
import { readTableFile, tableFileFormat } from '../../uploads/tableFile.js';
import { ADMIN_ROUTE } from './adminRecordRoutes.js';
import type { AdminUsersService } from './adminUsers.service.js';
import { importUsers } from './userImport.js';

/** POST /api/admin/users/import (multipart: the options JSON, then the CSV or XLSX file). */
export const userImportRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database>; users: AdminUsersService }> = async (
  app,
  { db, users },
) => {
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 1, fields: 2, parts: 3 } });
  app.route({
    method: 'POST',
    url: '/api/admin/users/import',
    config: { action: ADMIN_ROUTE.action },
    schema: {
      tags: ADMIN_ROUTE.tags,
      summary:
        'Check (dry_run) or import users from a CSV or XLSX: all or nothing, or only the good lines; each line checked as the user form is',
      response: { 200: userImportResultSchema },
    },
    handler: async (request) => {
      const { options, file } = await multipartUpload(request, userImportOptionsSchema);
      const rows = readTableFile(file.file, tableFileFormat(file.filename, file.mimetype));
      return importUsers({ db, users }, signedIn(request).user, options, rows);
    },
  });
};
