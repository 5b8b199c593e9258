import type {
  Action,
  EditRowForm,
  EditRowQuery,
  TableFilterItem,
  TableFilterType,
  TableHeader,
  TableQuery,
  TableRow,
} from '@shiftline/shared';
import type { Kysely, RawBuilder, SelectQueryBuilder } from 'kysely';
import type { Database, UserRow } from '../../db/schema.js';

/*
 * How a table is declared (operations spec §2.8, §3 table response, §7 Tables). One declaration gives the page,
 * the export, the header list and the permission; tableRunner.ts does the rest for every table alike.
 */

/** What a table's queries know: the viewer, the request's ids (userId, campaignId, companyId), the clock. */
export type TableContext = {
  db: Kysely<Database>;
  viewer: UserRow;
  query: Pick<TableQuery, 'userId' | 'campaignId' | 'companyId'>;
  now: number;
};

// biome-ignore lint/suspicious/noExplicitAny: a table's row query joins any tables; its rows are read by column name.
export type RowQuery = SelectQueryBuilder<any, any, any>;

/**
 * A filter. Its value in chosenValues is checked by FILTER_VALUE_SCHEMAS[type] and, for select and multiselect, must be
 * one of its items; `apply` then narrows the row query (only called with a value that is not null or empty).
 */
export type TableFilterDefinition = {
  name: string;
  text: string;
  type: TableFilterType;
  icon?: string;
  multiple?: boolean;
  items?: (context: TableContext) => Promise<TableFilterItem[]> | TableFilterItem[];
  /** The value used when chosenValues does not name this filter (a period of the last 24 hours, say). */
  default?: (context: TableContext) => unknown;
  apply: (query: RowQuery, value: unknown, context: TableContext) => RowQuery;
};

/** A column: its header, and the SQL it sorts by (an indexed expression) when it is sortable. */
export type TableColumn = Omit<TableHeader, 'sortable' | 'filterable' | 'filters'> & {
  /** The expression ORDER BY uses; absent: the column does not sort. */
  sort?: RawBuilder<unknown>;
  /** A filter on this column (shown in the header's filter menu). */
  filter?: TableFilterDefinition;
  /** Hidden from viewers for whom this is false (money columns, say). */
  visible?: (viewer: UserRow) => boolean;
};

export type TableDefinition = {
  /** The :name in GET /api/tables/:name. */
  name: string;
  /** The spec's own address for this table (/api/get_cold_calls_table_data, say), answered the same way. */
  specUrl?: string;
  /** name_table: the title shown above the table. */
  title: string;
  /** The export's file name before the _yyyymmddhhmm stamp. */
  fileName: string;
  action: Action;
  /** The row field that identifies a row (row actions, the edit form). */
  identifier: string;
  columns: TableColumn[];
  /** Filters of the whole table (additionals_filters). */
  filters?: TableFilterDefinition[];
  pageSizes?: readonly number[];
  defaultSort: { column: string; desc: boolean };
  /** A tie-breaker that makes every order total (an indexed unique expression, the primary key usually). */
  tieBreak: RawBuilder<unknown>;
  clickableRow?: boolean;
  /** Whether this viewer may export (default: everyone who may see the table). */
  exportable?: (viewer: UserRow) => boolean;
  /** The period filter an export needs (EXPORT_NEEDS_PERIOD when it has no value). */
  exportNeedsPeriod?: string;
  /**
   * The rows this viewer may see, each column selected under its value name (and any row fields the page needs:
   * url, is_valid, css_class...). Row rules live here: an agent's own rows, a company's campaigns.
   */
  rows: (context: TableContext) => RowQuery;
  /** Refuses a request the row rules cannot express as a filter (an id of a campaign not the viewer's: 403). */
  authorize?: (context: TableContext) => Promise<void>;
  /** Turns a database row into the row sent (adds a url, say); default: as it is. Not used by the export. */
  present?: (row: TableRow, context: TableContext) => TableRow;
  /**
   * A cheaper exact count and totals (every column with a total) for the filters given, from rollups say; null when
   * these filters need the rows counted.
   */
  summary?: (filters: Record<string, unknown>, context: TableContext) => Promise<TableSummary | null>;
};

export type TableSummary = { count: number; totals: Record<string, number | null> | null };

/** A row edit form (GET /api/get_edit_table_row_data) of a table that has one. */
export type EditFormDefinition = {
  tableName: string;
  /** Who may open (and save) this form; checked on top of tables.edit_row. */
  action: Action;
  load: (query: EditRowQuery, context: TableContext) => Promise<EditRowForm>;
};
