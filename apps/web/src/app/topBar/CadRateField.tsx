import { useState } from 'react';
import { TextInput } from '../../ui/TextInput';
import { useCadRate } from '../../ui/useCadRate';

/** The top bar's CAD conversion rate; applied (minimum 1, empty or 0 gives 1) on blur or Enter. */
export function CadRateField() {
  const [rate, setRate] = useCadRate();
  const [text, setText] = useState(() => String(rate));
  const apply = () => setText(String(setRate(text)));
  return (
    <TextInput
      label="CAD rate"
      type="number"
      size="small"
      width={104}
      value={text}
      onChange={setText}
      onBlur={apply}
      onKeyDown={(event) => {
        if (event.key === 'Enter') apply();
      }}
      inputAttributes={{ min: 1, step: 0.01, inputMode: 'decimal' }}
      testId="cad-rate"
    />
  );
}
