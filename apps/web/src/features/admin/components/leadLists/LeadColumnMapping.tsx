import NativeSelect from '@mui/material/NativeSelect';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { LEAD_FIELDS, type LeadFieldId, type LeadImportOptions, type LeadPreview } from '@shiftline/shared';

/** What one column of the file becomes: nothing, a lead field, or a custom field named after its header. */
export type ColumnChoice = '' | LeadFieldId | 'custom';

/** The choices a preview suggests: its mapping's fields, every other column with a header kept as a custom field. */
export function suggestedChoices(preview: LeadPreview, header: boolean): ColumnChoice[] {
  const width = Math.max(preview.first_row.length, ...preview.rows.map((row) => row.length));
  const byColumn = new Map(Object.entries(preview.suggested_mapping).map(([field, column]) => [column, field]));
  return Array.from({ length: width }, (_, column) => {
    const field = header ? byColumn.get(column) : undefined;
    if (field) return field as LeadFieldId;
    return header && (preview.first_row[column] ?? '') !== '' ? 'custom' : '';
  });
}

/** A column's name: its header, or its number when the file has none. */
export const columnName = (preview: LeadPreview, header: boolean, column: number) =>
  (header ? preview.first_row[column] : '') || `Column ${column + 1}`;

/** The import's mapping and custom fields from the columns' choices. */
export function mappingOf(
  choices: readonly ColumnChoice[],
  preview: LeadPreview,
  header: boolean,
): Pick<LeadImportOptions, 'mapping' | 'custom_fields'> {
  const mapping: Partial<Record<LeadFieldId, number>> = {};
  const custom_fields: { column: number; name: string }[] = [];
  choices.forEach((choice, column) => {
    if (choice === 'custom') custom_fields.push({ column, name: columnName(preview, header, column) });
    else if (choice !== '') mapping[choice] = column;
  });
  return { mapping, custom_fields };
}

type Props = {
  preview: LeadPreview;
  header: boolean;
  choices: readonly ColumnChoice[];
  onChange: (choices: ColumnChoice[]) => void;
};

/**
 * The file's first rows under a field picker per column. A field taken by one column is offered to no other; the
 * first row is shown as data when the file has no header.
 */
export function LeadColumnMapping({ preview, header, choices, onChange }: Props) {
  const rows = (header ? preview.rows : [preview.first_row, ...preview.rows]).map((cells, index) => ({
    key: `row-${index}`,
    cells,
  }));
  // A column is its position in the file; a preview row, its order.
  const columns = choices.map((choice, index) => ({ key: `column-${index}`, index, choice }));
  const choose = (column: number, choice: ColumnChoice) =>
    onChange(choices.map((current, index) => (index === column ? choice : current)));
  return (
    <TableContainer sx={{ maxHeight: 320, border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Table size="small" stickyHeader data-testid="lead-mapping">
        <TableHead>
          <TableRow>
            {columns.map(({ key, index: column, choice }) => (
              <TableCell key={key} sx={{ minWidth: 150, verticalAlign: 'top' }}>
                <NativeSelect
                  value={choice}
                  onChange={(event) => choose(column, event.target.value as ColumnChoice)}
                  inputProps={
                    {
                      'aria-label': `Column ${column + 1}: ${columnName(preview, header, column)}`,
                      'data-testid': `lead-mapping-${column}`,
                    } as object
                  }
                  fullWidth
                >
                  <option value="">Ignore</option>
                  {LEAD_FIELDS.map((field) => (
                    <option
                      key={field.id}
                      value={field.id}
                      disabled={choices.some((other, index) => other === field.id && index !== column)}
                    >
                      {field.label}
                    </option>
                  ))}
                  <option value="custom">Custom: {columnName(preview, header, column)}</option>
                </NativeSelect>
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.key}>
              {columns.map(({ key, index: column }) => (
                <TableCell
                  key={key}
                  sx={{ whiteSpace: 'nowrap', maxWidth: 220, overflow: 'hidden', textOverflow: 'ellipsis' }}
                >
                  {row.cells[column] ?? ''}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
