import type { DatabaseHandle } from '../../database.js';

/** A value of one COPY text column: null becomes `\N`, booleans `t`/`f`. */
export type CopyValue = string | number | boolean | null;

const PAD2 = Array.from({ length: 60 }, (_, value) => String(value).padStart(2, '0'));
const dayPrefixes = new Map<number, string>();

/**
 * An instant given in whole Unix seconds, as COPY text in UTC. Millions of timestamps go through here, so the
 * date part is cached per day instead of calling `toISOString` for each.
 */
export function copyInstant(seconds: number): string {
  const day = Math.floor(seconds / 86_400);
  let prefix = dayPrefixes.get(day);
  if (prefix === undefined) {
    prefix = `${new Date(day * 86_400_000).toISOString().slice(0, 10)} `;
    dayPrefixes.set(day, prefix);
  }
  const secondOfDay = seconds - day * 86_400;
  const hour = Math.floor(secondOfDay / 3600);
  const minute = Math.floor((secondOfDay % 3600) / 60);
  return `${prefix}${PAD2[hour]}:${PAD2[minute]}:${PAD2[secondOfDay % 60]}+00`;
}

/** Text a generator made up could still hold a tab or a backslash; COPY needs both escaped. */
const escapeText = (text: string) => (/[\\\t\n\r]/.test(text) ? text.replace(/[\\\t\n\r]/g, escapeCharacter) : text);
const escapeCharacter = (character: string) =>
  character === '\\' ? '\\\\' : character === '\t' ? '\\t' : character === '\n' ? '\\n' : '\\r';

const copyValue = (value: CopyValue): string => {
  if (value === null) return '\\N';
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (typeof value === 'number') return String(value);
  return escapeText(value);
};

/** Rows of one table ready to load. */
export type CopyBatch = { table: string; columns: readonly string[]; text: string };

/** Rows of one table collected as COPY text lines, handed out as one batch per flush so memory stays bounded. */
export class CopyBuffer {
  private lines: string[] = [];
  /** Rows handed out so far, over every batch. */
  taken = 0;

  constructor(
    readonly table: string,
    readonly columns: readonly string[],
  ) {}

  get pending(): number {
    return this.lines.length;
  }

  add(values: readonly CopyValue[]): void {
    this.lines.push(values.map(copyValue).join('\t'));
  }

  /** The collected rows as one batch, emptying the buffer; null when there are none. */
  take(): CopyBatch | null {
    if (this.lines.length === 0) return null;
    const text = `${this.lines.join('\n')}\n`;
    this.taken += this.lines.length;
    this.lines = [];
    return { table: this.table, columns: this.columns, text };
  }

  flush(database: DatabaseHandle): Promise<void> {
    return loadBatches(database, [this.take()]);
  }
}

/**
 * Loads batches one after the other, in the order given (rows that others refer to first). The generator makes
 * every reference point at a row it made or read, so foreign keys are not checked again (about three times faster).
 */
export async function loadBatches(database: DatabaseHandle, batches: readonly (CopyBatch | null)[]): Promise<void> {
  for (const batch of batches) {
    if (batch) await database.copyRows(batch.table, batch.columns, batch.text, { trusted: true });
  }
}
