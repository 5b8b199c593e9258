import { Readable } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
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
import { AppError } from '../../plugins/errors.js';
import { viewerRoute } from '../../plugins/viewerRoute.js';
import { ADMIN_ROUTE, OK } from '../admin/index.js';
import { leadFileFormat } from './leadFile.js';
import type { LeadImportOptionsValue } from './leadImport.js';
import type { LeadListsService } from './leadLists.service.js';

const refused = (field: string, reason: string) =>
  new AppError('validation_failed', `${field} ${reason}`, { [field]: reason });

/** The import's options field: JSON checked by the shared schema, its errors named options.<field>. */
function readOptions(text: string): LeadImportOptionsValue {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw refused('options', 'must be JSON');
  }
  const parsed = leadImportOptionsSchema.safeParse(json);
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) fields[['options', ...issue.path].join('.')] ??= issue.message;
  const summary = Object.entries(fields)
    .map(([name, reason]) => `${name}: ${reason}`)
    .join('; ');
  throw new AppError('validation_failed', `Invalid request. ${summary}`, fields);
}

/** The upload's one file part; fields before it are handed to `field`. */
async function fileOf(
  parts: AsyncIterableIterator<MultipartFile | { type: 'field'; fieldname: string; value: unknown }>,
  field: (name: string, value: unknown) => void,
): Promise<MultipartFile> {
  for await (const part of parts) {
    if (part.type === 'file') return part as MultipartFile;
    field(part.fieldname, part.value);
  }
  throw refused('file', 'is required');
}

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
      if (!request.isMultipart()) throw refused('file', 'must be sent as multipart/form-data');
      const file = await fileOf(request.parts(), () => {});
      return leadLists.preview(leadFileFormat(file.filename, file.mimetype), file.file);
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
      if (!request.isMultipart()) throw refused('file', 'must be sent as multipart/form-data');
      let options: LeadImportOptionsValue | null = null;
      const file = await fileOf(request.parts(), (name, value) => {
        if (name === 'options') options = readOptions(String(value));
      });
      if (options === null) throw refused('options', 'must come before the file');
      const chosen: LeadImportOptionsValue = options;
      await leadLists.checkImportTarget(chosen);
      const format = leadFileFormat(file.filename, file.mimetype);
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
