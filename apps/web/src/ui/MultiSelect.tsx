import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import OutlinedInput from '@mui/material/OutlinedInput';
import Select from '@mui/material/Select';
import { summarizeSelection } from '@shiftline/shared';
import { useId, useState } from 'react';

export type MultiSelectOption<T extends string | number> = { value: T; label: string };

type MultiSelectProps<T extends string | number> = {
  label: string;
  options: readonly MultiSelectOption<T>[];
  value: readonly T[];
  /** Called once, when the menu closes, and only if the selection changed. */
  onChange: (value: T[]) => void;
  /** Shown when there is nothing to choose from or nothing chosen, e.g. EMPTY_LABELS.agents. */
  emptyLabel: string;
  disabled?: boolean;
  minWidth?: number;
  testId?: string;
};

const sameSelection = <T,>(a: readonly T[], b: readonly T[]) =>
  a.length === b.length && a.every((item) => b.includes(item));

/**
 * A multi-select with checkboxes. Choices are a draft while the menu is open and are committed
 * when it closes (the spec's dropdown rule), so a screen reloads once per change, not per click.
 */
export function MultiSelect<T extends string | number>({
  label,
  options,
  value,
  onChange,
  emptyLabel,
  disabled = false,
  minWidth = 220,
  testId,
}: MultiSelectProps<T>) {
  const labelId = useId();
  const [draft, setDraft] = useState<T[] | null>(null);
  const shown = draft ?? [...value];
  const labelsOf = (selected: readonly T[]) =>
    options.filter((option) => selected.includes(option.value)).map((option) => option.label);

  const close = () => {
    if (draft !== null && !sameSelection(draft, value)) onChange(draft);
    setDraft(null);
  };

  return (
    <FormControl size="small" sx={{ minWidth }} disabled={disabled} data-testid={testId}>
      <InputLabel id={labelId} shrink>
        {label}
      </InputLabel>
      <Select<T[]>
        multiple
        displayEmpty
        labelId={labelId}
        value={shown}
        input={<OutlinedInput notched label={label} />}
        onOpen={() => setDraft([...value])}
        onClose={close}
        onChange={(event) => {
          const next = event.target.value;
          // Browser autofill can hand a select a plain string; the menu always gives an array.
          if (Array.isArray(next)) setDraft(next);
        }}
        renderValue={(selected) => summarizeSelection(labelsOf(selected), emptyLabel)}
        MenuProps={{ slotProps: { paper: { sx: { maxHeight: 400 } } } }}
      >
        {options.length === 0 ? (
          <MenuItem disabled>{emptyLabel}</MenuItem>
        ) : (
          options.map((option) => (
            <MenuItem key={option.value} value={option.value} dense>
              <Checkbox size="small" checked={shown.includes(option.value)} sx={{ py: 0.25, pl: 0 }} />
              <ListItemText primary={option.label} />
            </MenuItem>
          ))
        )}
      </Select>
    </FormControl>
  );
}
