import {
  can,
  EXPORT_TOTAL_ROWS_HEADER,
  editRowFormSchema,
  editRowQuerySchema,
  tableQuerySchema,
  tableResponseSchema,
} from '@shiftline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { DatabaseHandle } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { signedIn } from '../../plugins/access.js';
import { forbidden, notFound } from '../../plugins/errors.js';
import { viewerRoute } from '../../plugins/viewerRoute.js';
import type { EditFormDefinition, TableContext, TableDefinition } from './tableDefinition.js';
import { exportTable } from './tableExport.js';
import { loadTablePage } from './tableRunner.js';

const tags = ['tables'];

/**
 * Every declared table at GET /api/tables/<name> (one route each, so each names its own permission), answering a page
 * or, with exportFile, the CSV stream; and the row edit forms (spec §7 Tables).
 */
export const tablesRoutes: FastifyPluginAsyncZod<{
  db: Kysely<Database>;
  /** The server's own CSV writer for exports (a PostgreSQL server; null on the embedded database). */
  copyCsvOut: DatabaseHandle['copyCsvOut'];
  tables: readonly TableDefinition[];
  editForms: readonly EditFormDefinition[];
  now?: () => number;
}> = async (app, { db, copyCsvOut, tables, editForms, now = Date.now }) => {
  const addresses = tables.flatMap((table) =>
    [`/api/tables/${table.name}`, ...(table.specUrl ? [table.specUrl] : [])].map((url) => ({ table, url })),
  );
  for (const { table, url } of addresses) {
    app.route({
      method: 'GET',
      url,
      config: { action: table.action },
      schema: {
        tags,
        summary: `${table.title}: a page of rows with headers, filters and totals, or with exportFile the CSV`,
        querystring: tableQuerySchema,
        response: { 200: tableResponseSchema },
      },
      handler: async (request, reply) => {
        const query = request.query;
        const context: TableContext = { db, viewer: signedIn(request).user, query, now: now() };
        if (!query.exportFile) return loadTablePage(table, query, context);
        const csv = await exportTable(table, query, context, copyCsvOut);
        return (
          reply
            .header('content-type', 'text/csv; charset=utf-8')
            .header('content-disposition', `attachment; filename="${csv.fileName}"`)
            .header(EXPORT_TOTAL_ROWS_HEADER, String(csv.totalRows))
            .header('access-control-expose-headers', `content-disposition, ${EXPORT_TOTAL_ROWS_HEADER}`)
            // A stream, not the page schema's object: the response schema covers the page answer only.
            .send(csv.body as never)
        );
      },
    });
  }

  const forms = new Map(editForms.map((form) => [form.tableName, form]));
  viewerRoute(app, {
    method: 'GET',
    url: '/api/get_edit_table_row_data',
    action: 'tables.edit_row',
    tags,
    summary: "A row's edit form: its fields, rows, rule and where to save it",
    input: { in: 'querystring', schema: editRowQuerySchema },
    response: editRowFormSchema,
    answer: (viewer, query) => {
      const form = forms.get(query.table_name);
      if (!form) throw notFound('This table has no edit form.');
      if (!can(viewer.role, form.action)) throw forbidden('Your role may not edit this table.');
      return form.load(query, { db, viewer, query: {}, now: now() });
    },
  });
};
