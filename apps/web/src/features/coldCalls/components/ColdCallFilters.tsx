import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { ColdCallFilters as Filters } from '@shiftline/shared';

type Props = {
  filters: Filters;
  campaigns: { id: number; name: string }[];
  onChange: (filters: Filters) => void;
};

/** The table's filters: campaign, number validity and a search over name and number. */
export function ColdCallFilters({ filters, campaigns, onChange }: Props) {
  const campaign = filters.campaigns?.[0] ?? '';
  return (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
      <TextField
        select
        size="small"
        label="Campaign"
        value={campaign}
        onChange={(event) => {
          const id = Number(event.target.value);
          const { campaigns: _campaigns, ...rest } = filters;
          onChange(id > 0 ? { ...rest, campaigns: [id] } : rest);
        }}
        sx={{ minWidth: 220 }}
        slotProps={{
          select: { displayEmpty: true },
          inputLabel: { shrink: true },
          htmlInput: { 'data-testid': 'cold-calls-campaign' },
        }}
      >
        <MenuItem value="">All campaigns</MenuItem>
        {campaigns.map((item) => (
          <MenuItem key={item.id} value={item.id}>
            {item.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label="Numbers"
        value={filters.validity ?? 'all'}
        onChange={(event) => onChange({ ...filters, validity: event.target.value as Filters['validity'] })}
        sx={{ minWidth: 160 }}
      >
        <MenuItem value="all">All numbers</MenuItem>
        <MenuItem value="valid">Valid</MenuItem>
        <MenuItem value="invalid">Not valid</MenuItem>
      </TextField>
      <TextField
        size="small"
        label="Search"
        value={filters.search ?? ''}
        onChange={(event) => {
          const { search: _search, ...rest } = filters;
          onChange(event.target.value === '' ? rest : { ...rest, search: event.target.value.slice(0, 100) });
        }}
      />
    </Box>
  );
}
