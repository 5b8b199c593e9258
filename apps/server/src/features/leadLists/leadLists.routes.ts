import { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import {
  adminLeadListSchema,
  idParamSchema,
  LEAD_FILE_MAX_BYTES,
  type LeadImportResult,
  leadImportOptionsSchema,
  leadImportResultSchema,
  leadListEditSchema,
  leadPreviewSchema,
  okSchema,
} from '@shiftline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { UserRow } from '../../db/schema.js';
import { signedIn } from '../../plugins/access.js';
import { multipartUpload } from '../../plugins/multipartUpload.js';
import { viewerRoute } from '../../plugins/viewerRoute.js';
import { tableFileFormat } from '../../uploads/tableFile.js';
import { ADMIN_ROUTE, OK } from '../admin/index.js';
import type { LeadListsService } from './leadLists.service.js';

/**
 * The administration's lead lists: preview and import a file (multipart/form-data: for an import the `options`
 * JSON field first, then the `file`), read, edit, reset, delete and export a list. The list of lists is the
 * admin_lead_lists generic table.
 */
export const leadListsRoutes: FastifyPluginAsyncZod<{ leadLists: LeadListsService }> = async (app, { leadLists }) => {
  await app.register(multipart, {
    limits: { fileSize: LEAD_FILE_MAX_BYTES, files: 1, fields: 4, fieldSize: 64 * 1024, parts: 5 },
  });

  app.route({
    method: 'POST',
    url: '/api/admin/lead_lists/preview',
    config: { action: ADMIN_ROUTE.action },
    schema: {
      tags: ADMIN_ROUTE.tags,
      summary: "A lead file's first rows and the column mapping its first row suggests (multipart: file)",
      response: { 200: leadPreviewSchema },
    },
    handler: async (request) => {
      const { file } = await multipartUpload(request);
      return leadLists.preview(tableFileFormat(file.filename, file.mimetype), file.file);
    },
  });

  app.route({
    method: 'POST',
    url: '/api/admin/lead_lists',
    config: { action: ADMIN_ROUTE.action },
    schema: {
      tags: ADMIN_ROUTE.tags,
      summary:
        'Import a lead file as a new list of an outbound campaign (multipart: the options JSON, then the file); invalid, repeated and blocked rows are reported with their line',
      response: { 201: leadImportResultSchema },
    },
    handler: async (request, reply) => {
      const { options: chosen, file } = await multipartUpload(request, leadImportOptionsSchema);
      await leadLists.checkImportTarget(chosen);
      const format = tableFileFormat(file.filename, file.mimetype);
      const result: LeadImportResult = await leadLists.import(signedIn(request).user, chosen, {
        name: file.filename,
        format,
        stream: file.file,
      });
      return reply.status(201).send(result);
    },
  });

  viewerRoute(app, {
    ...ADMIN_ROUTE,
    method: 'GET',
    url: '/api/admin/lead_lists/:id',
    summary: "A lead list's form data: campaign, name, whether enabled, its custom fields, leads and leads called",
    input: { in: 'params', schema: idParamSchema },
    response: adminLeadListSchema,
    answer: (_viewer, params) => leadLists.get(params.id),
  });

  viewerRoute(app, {
    ...ADMIN_ROUTE,
    method: 'POST',
    url: '/api/admin/lead_lists/:id',
    summary: 'Rename a lead list, or enable or disable it (a disabled list is neither shown nor dialled)',
    input: { in: 'body', schema: leadListEditSchema },
    params: idParamSchema,
    response: okSchema,
    answer: async (viewer, body, params) => {
      await leadLists.edit(viewer, params.id, body);
      return OK;
    },
  });

  for (const [name, summary, run] of [
    [
      'enable',
      'Enable a lead list: its leads are shown and dialled',
      (viewer, id) => leadLists.setEnabled(viewer, id, true),
    ],
    [
      'disable',
      'Disable a lead list: its leads are neither shown nor dialled',
      (viewer, id) => leadLists.setEnabled(viewer, id, false),
    ],
    ['reset', "Reset a list: its leads' last-call marks are cleared, so they are dialled again", leadLists.reset],
    ['delete', 'Delete a list and its leads (clients and calls stay)', leadLists.remove],
  ] as const satisfies readonly (readonly [string, string, (viewer: UserRow, id: number) => Promise<void>])[]) {
    viewerRoute(app, {
      ...ADMIN_ROUTE,
      method: 'POST',
      url: `/api/admin/lead_lists/:id/${name}`,
      summary,
      input: { in: 'params', schema: idParamSchema },
      response: okSchema,
      answer: async (viewer, params) => {
        await run(viewer, params.id);
        return OK;
      },
    });
  }

  app.route({
    method: 'GET',
    url: '/api/admin/lead_lists/:id/export',
    config: { action: ADMIN_ROUTE.action },
    schema: {
      tags: ADMIN_ROUTE.tags,
      summary: 'A lead list as CSV, in the shape an import reads back',
      params: idParamSchema,
    },
    handler: async (request, reply) => {
      const { id } = request.params as { id: number };
      const details = await leadLists.get(id);
      const fileName = `${details.campaign_name} - ${details.name}`.replace(/[^\p{L}\p{N} ._-]+/gu, '_');
      const rows = leadLists.exportCsv(id);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="${fileName.replace(/[^\x20-\x7e]/g, '_')}.csv"; filename*=UTF-8''${encodeURIComponent(fileName)}.csv`,
        )
        .send(Readable.from(rows));
    },
  });
};
