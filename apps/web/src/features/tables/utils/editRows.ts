import { checkSumEquals, type EditRowForm, formatTimeCell, type SumEqualsRule, type TableRow } from '@shiftline/shared';

/** The form's rows with time cells as hh:mm:ss text, the text the sum rule and the person edit. */
export function editableRows(form: EditRowForm): TableRow[] {
  const timeFields = form.fields.filter((field) => field.type === 'time').map((field) => field.name);
  return form.rows.map((row) => {
    const copy: TableRow = { ...row };
    for (const name of timeFields) {
      if (typeof copy[name] === 'number') copy[name] = formatTimeCell(copy[name] as number);
    }
    return copy;
  });
}

/** Spec §5: the rule's message on an editable row that breaks it, null otherwise (other rows are not checked). */
export function rowError(rule: SumEqualsRule | null, row: TableRow): string | null {
  if (rule === null || row.editable !== true) return null;
  return checkSumEquals(rule, row);
}

/** Every editable row's error, by row index. */
export function rowErrors(rule: SumEqualsRule | null, rows: readonly TableRow[]): Record<number, string> {
  const errors: Record<number, string> = {};
  rows.forEach((row, index) => {
    const message = rowError(rule, row);
    if (message !== null) errors[index] = message;
  });
  return errors;
}

/** The server's field errors ('tableData.3.Break': message) as messages by row index. */
export function serverRowErrors(fields: Readonly<Record<string, string>>): Record<number, string> {
  const errors: Record<number, string> = {};
  for (const [path, message] of Object.entries(fields)) {
    const match = /^tableData\.(\d+)(?:\.|$)/.exec(path);
    if (match) errors[Number(match[1])] ??= message;
  }
  return errors;
}
