import type { Readable } from 'node:stream';
import { LEAD_CELL_MAX_LENGTH, LEAD_FILE_MAX_COLUMNS } from '@shiftline/shared';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import { AppError } from '../plugins/errors.js';

/*
 * Reading an uploaded table file as rows of text cells, streamed: a CSV (comma, semicolon or tab separated, any
 * quoting, a UTF-8 byte-order mark allowed) or the first worksheet of an XLSX workbook. Nothing holds more than the
 * rows being read, so a file of any length reads in bounded memory.
 */

export type TableFileFormat = 'csv' | 'xlsx';

/** A file's row: its 1-based line in the file (the row number a spreadsheet shows) and its cells. */
export type FileRow = { line: number; cells: string[] };

const XLSX_TYPES = ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'];

/** The format of an upload, from its name and its declared type; 415 for anything else. */
export function tableFileFormat(fileName: string, mimeType: string): TableFileFormat {
  const lower = fileName.toLowerCase();
  if (lower.endsWith('.xlsx') || XLSX_TYPES.includes(mimeType)) return 'xlsx';
  if (lower.endsWith('.csv') || lower.endsWith('.txt') || mimeType === 'text/csv' || mimeType === 'text/plain') {
    return 'csv';
  }
  throw new AppError('unsupported_media_type', 'file: must be a CSV (.csv) or Excel (.xlsx) file', {
    file: 'must be a CSV (.csv) or Excel (.xlsx) file',
  });
}

/** The file could not be read as its format: 400 on the file field. */
const unreadable = (why: string) => new AppError('validation_failed', `file: ${why}`, { file: why });

/** A cell as text: trimmed, at most LEAD_CELL_MAX_LENGTH characters (longer ones are reported by the row check). */
const cellText = (value: string) => value.trim();

/** The separator a CSV uses: whichever of comma, semicolon and tab its first line holds most of, outside quotes. */
function guessDelimiter(firstChunk: string): string {
  const firstLine = firstChunk.split(/\r?\n/, 1)[0] ?? '';
  const unquoted = firstLine.replace(/"[^"]*"/g, '');
  const counts = [',', ';', '\t'].map((delimiter) => [delimiter, unquoted.split(delimiter).length - 1] as const);
  counts.sort((a, b) => b[1] - a[1]);
  return (counts[0] as readonly [string, number])[1] > 0 ? (counts[0] as readonly [string, number])[0] : ',';
}

async function* csvRows(stream: Readable): AsyncGenerator<FileRow> {
  // The separator is read off the first chunk, which is then put back in front of the rest.
  const iterator = stream[Symbol.asyncIterator]();
  const first = await iterator.next();
  if (first.done) return;
  const head = Buffer.isBuffer(first.value) ? first.value : Buffer.from(first.value);
  const parser = parse({
    bom: true,
    delimiter: guessDelimiter(head.toString('utf8', 0, Math.min(head.length, 64 * 1024))),
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: false,
    max_record_size: LEAD_CELL_MAX_LENGTH * LEAD_FILE_MAX_COLUMNS * 4,
    info: true,
  });
  // When the reader stops early (a preview), the parser is closed and the rest of the upload is read and dropped,
  // so the request still ends.
  let stopped = false;
  const written = (chunk: Buffer) =>
    parser.write(chunk) || stopped
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          parser.once('drain', resolve);
          parser.once('close', resolve);
        });
  const feed = (async () => {
    try {
      await written(head);
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
        if (!stopped) await written(next.value);
      }
      if (!stopped) parser.end();
    } catch (error) {
      parser.destroy(error as Error);
    }
  })();
  try {
    // A record's line is where it starts: a quoted cell may hold line breaks, so it can end lines later.
    let linesBefore = 0;
    for await (const record of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      const line = linesBefore + 1;
      linesBefore = record.info.lines;
      const cells = record.record.slice(0, LEAD_FILE_MAX_COLUMNS).map(cellText);
      if (cells.every((cell) => cell === '')) continue;
      yield { line, cells };
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw unreadable(`is not a readable CSV file (${(error as Error).message})`);
  } finally {
    if (!parser.writableFinished) {
      stopped = true;
      parser.destroy();
    }
    await feed;
  }
}

/** An XLSX cell's value as the text a person sees: numbers without exponents, dates as YYYY-MM-DD. */
function xlsxCellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isInteger(value) ? value.toFixed(0) : String(value);
  if (typeof value === 'string' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('text' in value) return String(value.text);
    if ('result' in value) return xlsxCellText(value.result as ExcelJS.CellValue);
  }
  return '';
}

async function* xlsxRows(stream: Readable): AsyncGenerator<FileRow> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookReader(stream, {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
  });
  try {
    for await (const worksheet of workbook) {
      for await (const row of worksheet as AsyncIterable<ExcelJS.Row>) {
        const values = (row.values as ExcelJS.CellValue[]).slice(1, LEAD_FILE_MAX_COLUMNS + 1);
        const cells = Array.from(values, (value) => cellText(xlsxCellText(value)));
        if (cells.every((cell) => cell === '')) continue;
        yield { line: row.number, cells };
      }
      // Only the first worksheet holds the list.
      break;
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw unreadable(`is not a readable Excel workbook (${(error as Error).message})`);
  }
}

/** The rows of a table file, streamed from its bytes. */
export function readTableFile(stream: Readable, format: TableFileFormat): AsyncGenerator<FileRow> {
  return format === 'csv' ? csvRows(stream) : xlsxRows(stream);
}
