import { EXPORT_NEEDS_PERIOD, EXPORT_TOTAL_ROWS_HEADER, type TableResponse } from '@shiftline/shared';
import { useCallback, useRef, useState } from 'react';
import { type TableParams, tableQuery } from '../api';
import { createCsvRecordCounter, fileNameOf } from '../utils/csvProgress';

export type ExportState =
  | { phase: 'idle' }
  | { phase: 'needs-period'; message: string }
  | { phase: 'running'; rows: number; total: number | null }
  | { phase: 'done'; rows: number; fileName: string }
  | { phase: 'failed'; message: string };

/**
 * Whether a period filter of the table has no value (spec §5: an export needs a period): the viewer's choice, else
 * the value the server applied.
 */
export function missingPeriod(response: TableResponse, chosen: Record<string, unknown>): boolean {
  const periods = [
    ...response.additionals_filters,
    ...response.headers.flatMap((header) => (header.filters ? [header.filters] : [])),
  ].filter((filter) => filter.type === 'period');
  return periods.some((filter) => {
    const value = filter.name in chosen ? chosen[filter.name] : response.chosen_values[filter.name];
    return value === null || value === undefined;
  });
}

function save(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own copy once the click is handled.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * The whole filtered table as CSV (exportFile=true): the body is read as it streams, counting rows against the
 * server's x-total-rows for the progress bar, then saved under the Content-Disposition name.
 */
export function useTableExport(name: string, params: TableParams) {
  const [state, setState] = useState<ExportState>({ phase: 'idle' });
  const abort = useRef<AbortController | null>(null);

  const run = useCallback(
    async (response: TableResponse) => {
      if (missingPeriod(response, params.chosen)) {
        setState({ phase: 'needs-period', message: EXPORT_NEEDS_PERIOD });
        return;
      }
      const query = new URLSearchParams();
      for (const [key, value] of Object.entries(tableQuery(params))) {
        if (value !== undefined && key !== 'page' && key !== 'items_per_page') query.set(key, String(value));
      }
      query.set('exportFile', 'true');
      abort.current?.abort();
      const controller = new AbortController();
      abort.current = controller;
      setState({ phase: 'running', rows: 0, total: null });
      try {
        const answer = await fetch(`/api/tables/${encodeURIComponent(name)}?${query}`, {
          credentials: 'same-origin',
          signal: controller.signal,
        });
        if (!answer.ok || !answer.body) {
          const body = (await answer.json().catch(() => null)) as { error?: { message?: string } } | null;
          throw new Error(body?.error?.message ?? `The server answered with status ${answer.status}.`);
        }
        const totalHeader = answer.headers.get(EXPORT_TOTAL_ROWS_HEADER);
        const total = totalHeader !== null && /^\d+$/.test(totalHeader) ? Number(totalHeader) : null;
        const counter = createCsvRecordCounter();
        const decoder = new TextDecoder();
        const chunks: BlobPart[] = [];
        const reader = answer.body.getReader();
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          chunks.push(value);
          const records = counter.push(decoder.decode(value, { stream: true }));
          setState({ phase: 'running', rows: Math.max(0, records - 1), total });
        }
        const rows = Math.max(0, counter.finish() - 1);
        const fileName = fileNameOf(answer.headers.get('content-disposition'), `${response.file_name}.csv`);
        save(new Blob(chunks, { type: 'text/csv;charset=utf-8' }), fileName);
        setState({ phase: 'done', rows, fileName });
      } catch (error) {
        if (controller.signal.aborted) return;
        console.error(`The ${name} export failed`, error);
        setState({ phase: 'failed', message: error instanceof Error ? error.message : 'The export failed.' });
      }
    },
    [name, params],
  );

  const reset = useCallback(() => {
    abort.current?.abort();
    abort.current = null;
    setState({ phase: 'idle' });
  }, []);

  return { state, run, reset };
}
