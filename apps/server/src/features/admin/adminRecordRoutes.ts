import { adminCreatedSchema, idParamSchema, okSchema } from '@shiftline/shared';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { UserRow } from '../../db/schema.js';
import { viewerRoute } from '../../plugins/viewerRoute.js';

export const ADMIN_ROUTE = { tags: ['admin'], action: 'admin.manage' } as const;
export const OK = { status: 'ok' as const };

/** What a record kind's form does, each step with its OpenAPI summary; a kind has the steps it names. */
type RecordSteps<CreateBody extends z.ZodType, EditBody extends z.ZodType, Record extends z.ZodType> = {
  create: { summary: string; body: CreateBody; run: (viewer: UserRow, body: z.output<CreateBody>) => Promise<number> };
  read?: { summary: string; response: Record; run: (id: number, viewer: UserRow) => Promise<z.input<Record>> };
  edit: {
    summary: string;
    body: EditBody;
    run: (viewer: UserRow, id: number, body: z.output<EditBody>) => Promise<unknown>;
  };
  remove?: { summary: string; run: (viewer: UserRow, id: number) => Promise<unknown> };
};

/**
 * The administration's routes of one record kind, the same for every kind: POST /api/admin/<path> creates (201 with
 * the new id), GET /api/admin/<path>/:id reads its form data, POST /api/admin/<path>/:id saves the form and
 * POST /api/admin/<path>/:id/delete deletes.
 */
export function adminRecordRoutes<CreateBody extends z.ZodType, EditBody extends z.ZodType, Record extends z.ZodType>(
  app: Pick<FastifyInstance, 'route'>,
  path: string,
  steps: RecordSteps<CreateBody, EditBody, Record>,
) {
  const { create, read, edit, remove } = steps;
  const url = `/api/admin/${path}`;
  viewerRoute(app, {
    ...ADMIN_ROUTE,
    method: 'POST',
    url,
    summary: create.summary,
    input: { in: 'body', schema: create.body },
    response: adminCreatedSchema,
    status: 201,
    answer: async (viewer, body) => ({ ...OK, id: await create.run(viewer, body) }),
  });
  if (read) {
    viewerRoute(app, {
      ...ADMIN_ROUTE,
      method: 'GET',
      url: `${url}/:id`,
      summary: read.summary,
      input: { in: 'params', schema: idParamSchema },
      response: read.response,
      answer: (viewer, params) => read.run(params.id, viewer),
    });
  }
  viewerRoute(app, {
    ...ADMIN_ROUTE,
    method: 'POST',
    url: `${url}/:id`,
    summary: edit.summary,
    input: { in: 'body', schema: edit.body },
    params: idParamSchema,
    response: okSchema,
    answer: async (viewer, body, params) => {
      await edit.run(viewer, params.id, body);
      return OK;
    },
  });
  if (remove) {
    viewerRoute(app, {
      ...ADMIN_ROUTE,
      method: 'POST',
      url: `${url}/:id/delete`,
      summary: remove.summary,
      input: { in: 'params', schema: idParamSchema },
      response: okSchema,
      answer: async (viewer, params) => {
        await remove.run(viewer, params.id);
        return OK;
      },
    });
  }
}
