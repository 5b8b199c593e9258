import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { type CampaignType, EMPTY_LABELS, type LiveReportFilter } from '@shiftline/shared';
import { MultiSelect } from '../../../ui/MultiSelect';
import type { AgentStateFilter } from '../utils/agentStateRows';

type Props = {
  filters: readonly LiveReportFilter[];
  value: AgentStateFilter;
  onChange: (value: AgentStateFilter) => void;
};

/** Spec §2.3: the filter bar, shown only when more than one filter exists. */
export function LiveReportFilters({ filters, value, onChange }: Props) {
  if (filters.length <= 1) return null;
  return (
    <>
      {filters.map((filter) =>
        filter.name === 'campaigns' ? (
          <MultiSelect
            key={filter.name}
            label={filter.label}
            options={filter.items.map((item) => ({ value: Number(item.value), label: item.text }))}
            value={value.campaigns}
            onChange={(campaigns) => onChange({ ...value, campaigns })}
            emptyLabel={filter.items.length === 0 ? EMPTY_LABELS.campaignsShort : 'All campaigns'}
            minWidth={240}
            testId="live-filter-campaigns"
          />
        ) : (
          <TextField
            key={filter.name}
            select
            size="small"
            label={filter.label}
            value={value.callType ?? ''}
            onChange={(event) =>
              onChange({ ...value, callType: event.target.value === '' ? null : (event.target.value as CampaignType) })
            }
            sx={{ minWidth: 180 }}
            data-testid={`live-filter-${filter.name}`}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">All</MenuItem>
            {filter.items.map((item) => (
              <MenuItem key={String(item.value)} value={String(item.value)}>
                {item.text}
              </MenuItem>
            ))}
          </TextField>
        ),
      )}
    </>
  );
}
