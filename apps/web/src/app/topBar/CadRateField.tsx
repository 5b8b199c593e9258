import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useCadRate } from '../../ui/useCadRate';

/** The top bar's CAD conversion rate; applied (minimum 1, empty or 0 gives 1) on blur or Enter. */
export function CadRateField() {
  const [rate, setRate] = useCadRate();
  const [text, setText] = useState(() => String(rate));
  const apply = () => setText(String(setRate(text)));
  return (
    <TextField
      label="CAD rate"
      type="number"
      size="small"
      value={text}
      onChange={(event) => setText(event.target.value)}
      onBlur={apply}
      onKeyDown={(event) => {
        if (event.key === 'Enter') apply();
      }}
      sx={{ width: 104 }}
      slotProps={{ htmlInput: { 'data-testid': 'cad-rate', min: 1, step: 0.01, inputMode: 'decimal' } }}
    />
  );
}
