import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { TableFilter, TableFilterItem, TableResponse } from '@shiftline/shared';
import { MultiSelect } from '../../../ui/MultiSelect';
import { asPeriod, PeriodFilter } from './PeriodFilter';
import { SearchFilter } from './SearchFilter';

type Props = {
  response: TableResponse;
  /** The values the viewer chose (the address's); a filter not named here shows the server's applied value. */
  chosen: Record<string, unknown>;
  onChange: (name: string, value: unknown) => void;
  zone: string;
  displayFrom: string | null;
};

/** Every filter of the table: its own (additionals_filters), then those of its columns. */
export function tableFilters(response: TableResponse): TableFilter[] {
  const columnFilters = response.headers.flatMap((header) =>
    header.filterable && header.filters ? [header.filters] : [],
  );
  return [...response.additionals_filters, ...columnFilters];
}

const itemKey = (item: TableFilterItem) => `${typeof item.value}:${item.value}`;

function SelectFilter({
  filter,
  value,
  onChange,
}: {
  filter: TableFilter;
  value: unknown;
  onChange: Props['onChange'];
}) {
  const items = filter.items ?? [];
  const selected = items.find((item) => item.value === value);
  return (
    <TextField
      select
      size="small"
      label={filter.text}
      value={selected ? itemKey(selected) : ''}
      onChange={(event) => {
        const item = items.find((candidate) => itemKey(candidate) === event.target.value);
        onChange(filter.name, item ? item.value : null);
      }}
      data-testid={`table-filter-${filter.name}`}
      sx={{ minWidth: 180 }}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      <MenuItem value="">
        <em>All</em>
      </MenuItem>
      {items.map((item) => (
        <MenuItem key={itemKey(item)} value={itemKey(item)}>
          {item.text}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The filters row above the table (spec §2.8): period, select, multi-select and search filters. */
export function TableFilters({ response, chosen, onChange, zone, displayFrom }: Props) {
  const filters = tableFilters(response);
  if (filters.length === 0) return null;
  const appliedValue = (name: string) => (name in chosen ? chosen[name] : response.chosen_values[name]);
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }} data-testid="table-filters">
      {filters.map((filter) => {
        const value = appliedValue(filter.name);
        const testId = `table-filter-${filter.name}`;
        switch (filter.type) {
          case 'period':
            return (
              <PeriodFilter
                key={filter.name}
                label={filter.text}
                value={asPeriod(value)}
                onChange={(next) => onChange(filter.name, next)}
                zone={zone}
                displayFrom={displayFrom}
                testId={testId}
              />
            );
          case 'multiselect':
            return (
              <MultiSelect<string | number>
                key={filter.name}
                label={filter.text}
                options={(filter.items ?? []).map((item) => ({ value: item.value, label: item.text }))}
                value={Array.isArray(value) ? (value as (string | number)[]) : []}
                onChange={(next) => onChange(filter.name, next)}
                emptyLabel="All"
                testId={testId}
              />
            );
          case 'search':
            return (
              <SearchFilter
                key={filter.name}
                label={filter.text}
                value={typeof value === 'string' ? value : null}
                onChange={(next) => onChange(filter.name, next)}
                testId={testId}
              />
            );
          default:
            return <SelectFilter key={filter.name} filter={filter} value={value} onChange={onChange} />;
        }
      })}
    </Box>
  );
}
