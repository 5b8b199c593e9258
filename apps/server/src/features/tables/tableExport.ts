import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { csvField, EXPORT_NEEDS_PERIOD, type TableQuery } from '@shiftline/shared';
import { type CompiledQuery, type RawBuilder, sql } from 'kysely';
import { DateTime } from 'luxon';
import type { DatabaseHandle } from '../../db/database.js';
import { AppError, forbidden } from '../../plugins/errors.js';
import type { TableColumn, TableContext, TableDefinition } from './tableDefinition.js';
import { filteredRows, resolveRequest, sortedRows } from './tableRunner.js';

/*
 * The CSV export (spec §7 Tables exportFile): every row the filters keep, in the page's order, streamed as the reader
 * takes it, so memory stays flat whatever the size. PostgreSQL formats the cells the way the page shows them (dates
 * in the viewer's zone, hh:mm:ss, dollars) and neutralises formula cells. On a PostgreSQL server it also writes the
 * CSV itself (COPY … TO STDOUT): a million rows in seconds. On the embedded database, which has no COPY to a stream,
 * the rows come from a server-side cursor a batch at a time and the app quotes them.
 */

const BATCH_ROWS = 5_000;
/** Excel reads a CSV as UTF-8 only when it starts with the byte-order mark. */
const UTF8_BOM = '\uFEFF';

export type TableExport = { fileName: string; totalRows: number; body: Readable };
type CopyCsvOut = NonNullable<DatabaseHandle['copyCsvOut']>;

/** A column's cell as text, formatted the way the page shows it. */
function exportCell(column: TableColumn, zone: string): RawBuilder<unknown> {
  const value = sql.ref(`t.${column.value}`);
  if (column.formatDate) return sql`to_char(${value} AT TIME ZONE ${zone}, 'YYYY-MM-DD HH24:MI:SS')`;
  if (column.formatSecInTime) {
    const seconds = sql`round(${value})::bigint`;
    const two = (part: RawBuilder<unknown>) => sql`lpad((${part})::text, 2, '0')`;
    return sql`CASE WHEN ${value} IS NULL THEN NULL ELSE ${two(sql`${seconds} / 3600`)} || ':' || ${two(
      sql`${seconds} % 3600 / 60`,
    )} || ':' || ${two(sql`${seconds} % 60`)} END`;
  }
  if (column.formatMoney || column.formatRate) return sql`to_char(${value} / 100.0, 'FM999999999990.00')`;
  return value;
}

/**
 * A cell a spreadsheet would read as a formula (starting with =, +, -, @, tab or carriage return) gets a leading
 * quote (OWASP CSV injection); a number, negative ones included, is data and stays as it is.
 */
const neutralised = (cell: RawBuilder<unknown>) =>
  sql`CASE WHEN (${cell})::text ~ '^[=+@\t\r-]' AND (${cell})::text !~ '^-?[0-9]+(\.[0-9]+)?$'
    THEN '''' || (${cell})::text ELSE (${cell})::text END`;

/** One CSV field of the cursor path, quoted as COPY's CSV would be (the cell is already neutralised). */
const quoted = (cell: unknown) => {
  if (cell === null || cell === undefined) return '';
  const text = String(cell);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/** SQL with its parameters written in as literals, for COPY, which takes none. Values here passed the request checks. */
function inlined(query: CompiledQuery): string {
  const literal = (value: unknown): string => {
    if (value === null || value === undefined) return 'NULL';
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
    if (typeof value === 'boolean') return value ? 'true' : 'false';
    if (value instanceof Date) return `'${value.toISOString()}'::timestamptz`;
    if (typeof value === 'string' && !value.includes('\0')) return `'${value.replaceAll("'", "''")}'`;
    throw new Error(`a query parameter COPY cannot take: ${typeof value}`);
  };
  return query.sql.replace(/\$(\d+)(?!\d)/g, (_, index: string) => literal(query.parameters[Number(index) - 1]));
}

/** file_name + yyyymmddhhmm in the viewer's zone (spec §7). */
const exportFileName = (definition: TableDefinition, context: TableContext) =>
  `${definition.fileName}_${DateTime.fromMillis(context.now, { zone: context.viewer.timezone }).toFormat('yyyyLLddHHmm')}.csv`;

/** GET /api/tables/:name?exportFile=true: checks the request, counts the rows, then streams them. */
export async function exportTable(
  definition: TableDefinition,
  request: TableQuery,
  context: TableContext,
  copyCsvOut: CopyCsvOut | null,
): Promise<TableExport> {
  if (!(definition.exportable?.(context.viewer) ?? true)) throw forbidden('You may not export this table.');
  const resolved = await resolveRequest(definition, request, context);
  const period = resolved.filters.find((filter) => filter.definition.name === definition.exportNeedsPeriod);
  if (definition.exportNeedsPeriod && (period === undefined || period.value === null)) {
    throw new AppError('validation_failed', EXPORT_NEEDS_PERIOD, {
      [`chosenValues.${definition.exportNeedsPeriod}`]: 'is required to export',
    });
  }
  const columns = resolved.columns.filter((column) => column.actions === undefined);
  const filtered = filteredRows(definition, resolved, context);
  const counted = await context.db
    .selectFrom(filtered.as('t'))
    .select(sql<string>`count(*)`.as('rows'))
    .executeTakeFirstOrThrow();
  const cells = columns.map((column, index) =>
    neutralised(exportCell(column, context.viewer.timezone)).as(`c${index}`),
  );
  const ordered = context.db.selectFrom(sortedRows(filtered, definition, resolved).as('t')).select(cells);
  const header = `${UTF8_BOM}${columns.map((column) => csvField(column.text)).join(',')}\n`;
  const body = copyCsvOut
    ? await streamCopy(copyCsvOut, inlined(ordered.compile()), header)
    : streamCursor(context, ordered, header, columns.length);
  return { fileName: exportFileName(definition, context), totalRows: Number(counted.rows), body };
}

/** The header, then PostgreSQL's own CSV of the rows. */
async function streamCopy(copyCsvOut: CopyCsvOut, query: string, header: string): Promise<Readable> {
  const rows = await copyCsvOut(query);
  const body = new PassThrough();
  body.write(header);
  // An abandoned download destroys the body, which stops the COPY and gives its connection up.
  pipeline(rows, body).catch(() => {});
  return body;
}

/** Runs the query under a cursor in one read-only transaction, writing CSV lines as the reader takes them. */
function streamCursor(context: TableContext, query: { compile: () => unknown }, header: string, width: number) {
  const body = new PassThrough();
  let closed = false;
  body.on('close', () => {
    closed = true;
  });
  const write = async (chunk: string) => {
    if (!body.write(chunk)) await Promise.race([once(body, 'drain'), once(body, 'close')]);
    if (closed) throw new Error('the export was abandoned by its reader');
  };
  void context.db
    .transaction()
    .setAccessMode('read only')
    .execute(async (trx) => {
      await write(header);
      // Planned for all its rows, not for the first tenth (a cursor's default).
      await sql`SET LOCAL cursor_tuple_fraction = 1`.execute(trx);
      await sql`DECLARE table_export NO SCROLL CURSOR FOR ${query}`.execute(trx);
      for (;;) {
        const { rows } = await sql<
          Record<string, unknown>
        >`FETCH ${sql.raw(String(BATCH_ROWS))} FROM table_export`.execute(trx);
        if (rows.length === 0) break;
        let chunk = '';
        for (const row of rows) {
          let line = '';
          for (let index = 0; index < width; index += 1) {
            line += (index === 0 ? '' : ',') + quoted(row[`c${index}`]);
          }
          chunk += `${line}\n`;
        }
        await write(chunk);
        if (rows.length < BATCH_ROWS) break;
      }
    })
    .then(
      () => body.end(),
      (error: unknown) => {
        if (!closed) body.destroy(error instanceof Error ? error : new Error(String(error)));
      },
    );
  return body;
}
