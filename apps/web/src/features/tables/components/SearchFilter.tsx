import SearchIcon from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useEffect, useRef, useState } from 'react';

type Props = { label: string; value: string | null; onChange: (value: string | null) => void; testId: string };

/** A search filter: applied on Enter, or half a second after typing stops, so each keystroke is not a request. */
export function SearchFilter({ label, value, onChange, testId }: Props) {
  const [draft, setDraft] = useState(value ?? '');
  const timer = useRef<number | null>(null);
  useEffect(() => setDraft(value ?? ''), [value]);
  useEffect(() => () => (timer.current === null ? undefined : window.clearTimeout(timer.current)), []);

  const commit = (text: string) => {
    if (timer.current !== null) window.clearTimeout(timer.current);
    timer.current = null;
    const next = text.trim() === '' ? null : text.trim();
    if (next !== (value ?? null)) onChange(next);
  };

  return (
    <TextField
      size="small"
      label={label}
      value={draft}
      onChange={(event) => {
        const text = event.target.value;
        setDraft(text);
        if (timer.current !== null) window.clearTimeout(timer.current);
        timer.current = window.setTimeout(() => commit(text), 500);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit(draft);
      }}
      data-testid={testId}
      slotProps={{
        htmlInput: { maxLength: 100 },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
      sx={{ minWidth: 220 }}
    />
  );
}
