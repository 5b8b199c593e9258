import { z } from 'zod';
import { countTextSchema, idTextSchema, textSchema, unixSecondsSchema } from './fields.js';

/*
 * The generic server-driven table (operations spec §2.8, §3 table response, §5, §7 Tables, §9 page sizes). A table is
 * declared once on the server (apps/server/src/features/tables); every table answers GET /api/tables/:name with this
 * shape, and one web component shows them all.
 */

/** §9: the generic table shows 50 rows by default; pagination shows up to 10 page buttons. */
export const TABLE_DEFAULT_PAGE_SIZE = 50;
export const TABLE_PAGE_SIZES = [10, 25, 50, 100] as const;
export const TABLE_MAX_PAGE_BUTTONS = 10;
/** §8: an export of a table with a period filter needs a period. */
export const EXPORT_NEEDS_PERIOD = 'To export, you must select a period';
/** §5, §8: saving an edit form with rows that break its rule. */
export const VALIDATION_ERRORS_ALERT = 'There are validation errors!';
/** The export's total row count travels in this header, so the browser can show progress while the CSV streams. */
export const EXPORT_TOTAL_ROWS_HEADER = 'x-total-rows';

/** The kinds of filter a table offers. period: {start, end} in Unix seconds; multiselect: a list of item values. */
export const TABLE_FILTER_TYPES = ['period', 'select', 'multiselect', 'search'] as const;
export type TableFilterType = (typeof TABLE_FILTER_TYPES)[number];

const filterItemSchema = z.object({ value: z.union([z.string(), z.number()]), text: z.string() });
export type TableFilterItem = z.infer<typeof filterItemSchema>;

/** A filter: on a column (a header's `filters`) or of the whole table (`additionals_filters`, with its name). */
export const tableFilterSchema = z.object({
  name: z.string(),
  text: z.string(),
  type: z.enum(TABLE_FILTER_TYPES),
  items: z.array(filterItemSchema).optional(),
  /** The value applied when chosenValues does not name this filter (null: none). */
  default: z.unknown().optional(),
  icon: z.string().optional(),
  multiple: z.boolean().optional(),
});
export type TableFilter = z.infer<typeof tableFilterSchema>;

/** A row action. post: POST {identifier} to url; form: open the row edit form (GET /api/get_edit_table_row_data). */
export const tableActionSchema = z.object({
  name: z.string(),
  text: z.string(),
  icon: z.string().optional(),
  kind: z.enum(['post', 'form']),
  /**
   * post: the endpoint, ':id' standing for the row's identifier. form: where the action's own form data is read (GET
   * with the row's key fields, as GET /api/get_edit_table_row_data takes them; that one when absent).
   */
  url: z.string().optional(),
  /** Asked before a post action runs. */
  confirm: z.string().optional(),
  /** Rows whose field of this name is true offer the action (absent: every row). */
  when: z.string().optional(),
});
export type TableAction = z.infer<typeof tableActionSchema>;

export const TABLE_TOTALS = ['sum', 'awg'] as const;

export const tableHeaderSchema = z.object({
  text: z.string(),
  value: z.string(),
  /** Sorting happens in SQL on an indexed expression; only these columns take sortBy. */
  sortable: z.boolean(),
  filterable: z.boolean(),
  filters: tableFilterSchema.optional(),
  /** The header group (tableHeaderGroups) this column sits under. */
  group: z.string().optional(),
  tooltip: z.string().optional(),
  /** Stays in view when the table scrolls sideways. */
  fixed: z.boolean().optional(),
  editable: z.boolean().optional(),
  actions: z.array(tableActionSchema).optional(),
  /** Seconds shown as hh:mm:ss. */
  formatSecInTime: z.boolean().optional(),
  /** An ISO instant shown in the viewer's zone. */
  formatDate: z.boolean().optional(),
  /** Cents shown as dollars (0 decimals in rows, 2 in totals). */
  formatMoney: z.boolean().optional(),
  /** A rate in cents shown as dollars with its cents ($12.34 / hour stays $12.34, never rounded to $12). */
  formatRate: z.boolean().optional(),
  as_percent: z.boolean().optional(),
  /** A short status word shown as a chip. */
  as_atom: z.boolean().optional(),
  /** The row's time zone (and its difference to the viewer's) shown beside the value. */
  show_tz: z.boolean().optional(),
  /** A call's recordings (their length): the cell opens them to play, the row's id being the call's (call log). */
  opens_recordings: z.boolean().optional(),
  /** A phone: red when the row's is_valid is false. */
  check_valid_phone: z.boolean().optional(),
  /** The totals row: the sum, or the average ('awg', 2 decimals), over every filtered row. */
  total: z.enum(TABLE_TOTALS).optional(),
});
export type TableHeader = z.infer<typeof tableHeaderSchema>;

export const tableHeaderGroupSchema = z.object({ text: z.string(), colspan: z.number().int() });

export type TableRow = Record<string, unknown>;

export const tableResponseSchema = z.object({
  items: z.array(z.record(z.string(), z.unknown())),
  headers: z.array(tableHeaderSchema),
  /** The totals row over every row the filters keep (not only this page); null when no column has a total. */
  totals: z.record(z.string(), z.number().nullable()).nullable(),
  options: z.object({
    totalCount: z.number().int(),
    supportedPageSizes: z.array(z.number().int()),
    tableHeaderGroups: z.array(tableHeaderGroupSchema),
    page: z.number().int(),
    items_per_page: z.number().int(),
    sortBy: z.string().nullable(),
    sortDesc: z.boolean(),
  }),
  additionals_filters: z.array(tableFilterSchema),
  /** The filter values applied (chosenValues with each filter's default filled in). */
  chosen_values: z.record(z.string(), z.unknown()),
  export_to_csv: z.boolean(),
  clickable_row: z.boolean(),
  name_table: z.string(),
  file_name: z.string(),
  /** The field that identifies a row (for actions and the edit form). */
  identifier_name: z.string(),
});
export type TableResponse = z.infer<typeof tableResponseSchema>;

const MAX_CHOSEN_VALUES_LENGTH = 20_000;

/** chosenValues: one JSON object in the query string, each table checking its own filters' values. */
const chosenValuesSchema = z
  .string()
  .max(MAX_CHOSEN_VALUES_LENGTH, { error: `must be at most ${MAX_CHOSEN_VALUES_LENGTH} characters` })
  .transform((text, context) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      context.addIssue({ code: 'custom', message: 'must be JSON' });
      return z.NEVER;
    }
  })
  .pipe(z.record(z.string().max(64), z.unknown(), { error: 'must be a JSON object of filter values' }));

/** GET /api/tables/:name (spec §7 Tables). */
export const tableQuerySchema = z.strictObject({
  items_per_page: countTextSchema.optional(),
  page: countTextSchema.optional(),
  sortBy: textSchema().max(64, { error: 'must be at most 64 characters' }).optional(),
  sortDesc: z.enum(['true', 'false'], { error: "must be 'true' or 'false'" }).optional(),
  chosenValues: chosenValuesSchema.optional(),
  userId: idTextSchema.optional(),
  campaignId: idTextSchema.optional(),
  companyId: idTextSchema.optional(),
  /** Answer the whole filtered table as a CSV file instead of a page. */
  exportFile: z.enum(['true', '1'], { error: "must be 'true'" }).optional(),
});
export type TableQuery = z.output<typeof tableQuerySchema>;

export const tableNameParamSchema = z.object({
  name: z
    .string()
    .regex(/^[a-z][a-z0-9_]{0,63}$/, { error: 'must be a table name (lower-case letters, digits and _)' }),
});

/** The value of each filter type in chosenValues. */
const MAX_FILTER_ITEMS = 500;
export const periodValueSchema = z
  .strictObject({ start: unixSecondsSchema, end: unixSecondsSchema })
  .refine((period) => period.end >= period.start, { error: 'end must not be before start', path: ['end'] });
export type PeriodValue = z.infer<typeof periodValueSchema>;
const itemValueSchema = z.union([textSchema().max(100), z.number().int().min(-2_147_483_648).max(2_147_483_647)], {
  error: 'must be one of the filter items',
});
export const FILTER_VALUE_SCHEMAS = {
  period: periodValueSchema.nullable(),
  select: itemValueSchema.nullable(),
  multiselect: z
    .array(itemValueSchema, { error: 'must be a list of filter items' })
    .max(MAX_FILTER_ITEMS, { error: `must have at most ${MAX_FILTER_ITEMS} items` })
    .nullable(),
  search: textSchema().trim().max(100, { error: 'must be at most 100 characters' }).nullable(),
} as const satisfies Record<TableFilterType, z.ZodType>;

/* Row edit forms (§2.8, §5, §7): GET /api/get_edit_table_row_data answers the form, its save_url takes it back. */

/** §5: the only rule: the related hh:mm:ss columns add up to the comparison column. */
export const sumEqualsRuleSchema = z.object({
  type: z.literal('sum_equals'),
  related: z.array(z.string()),
  comparison: z.string(),
  message: z.string(),
});
export type SumEqualsRule = z.infer<typeof sumEqualsRuleSchema>;

export const EDIT_FIELD_TYPES = ['text', 'datetime', 'time'] as const;
export const editFieldSchema = z.object({
  name: z.string(),
  label: z.string(),
  type: z.enum(EDIT_FIELD_TYPES),
  readonly: z.boolean(),
});
export type EditField = z.infer<typeof editFieldSchema>;

export const editRowQuerySchema = z.strictObject({
  user_id: idTextSchema.optional(),
  table_name: tableNameParamSchema.shape.name,
  identifier_name: textSchema().max(64),
  identifier_type: z.enum(['int', 'string'], { error: "must be 'int' or 'string'" }),
  identifier_value: textSchema().min(1, { error: 'is required' }).max(200),
});
export type EditRowQuery = z.output<typeof editRowQuerySchema>;

export const editRowFormSchema = z.object({
  /** performance_breakdown: 'Edit Record for {date}'; login_report: 'Edit Login Time'. */
  form: z.enum(['performance_breakdown', 'login_report']),
  title: z.string(),
  fields: z.array(editFieldSchema),
  /** login_report: one record; performance_breakdown: the rows of the day, each with `editable`. */
  rows: z.array(z.record(z.string(), z.unknown())),
  rule: sumEqualsRuleSchema.nullable(),
  save_url: z.string(),
});
export type EditRowForm = z.infer<typeof editRowFormSchema>;

/** hh:mm:ss (hours may pass 24) ⇄ seconds: the edit forms' time cells. */
export function parseTimeCell(text: string): number | null {
  const match = /^(\d{1,3}):([0-5]\d):([0-5]\d)$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3]);
}

export function formatTimeCell(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(Math.floor(whole / 3600))}:${pad(Math.floor((whole % 3600) / 60))}:${pad(whole % 60)}`;
}

/** §5 sum_equals on one row: null when it holds, else the rule's message. Cells hold hh:mm:ss text. */
export function checkSumEquals(rule: SumEqualsRule, row: Record<string, unknown>): string | null {
  const seconds = (name: string) => (typeof row[name] === 'string' ? parseTimeCell(row[name] as string) : null);
  const comparison = seconds(rule.comparison);
  const related = rule.related.map(seconds);
  if (comparison === null || related.some((value) => value === null)) return rule.message;
  const sum = related.reduce<number>((total, value) => total + (value ?? 0), 0);
  return sum === comparison ? null : rule.message;
}

/** CSV export: a cell that a spreadsheet would read as a formula starts with a quote (OWASP CSV injection). */
export function neutraliseCsvCell(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** One CSV field: neutralised, quoted when it holds a comma, quote or line break. */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  // Numbers are written as they are: a negative amount is data, not a formula.
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  const text = neutraliseCsvCell(String(value));
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
