import TextField from '@mui/material/TextField';
import { useDispositions, useSetDisposition } from '../hooks/useDispositions';

type DispositionSelectProps = {
  callId: number;
  /** The after-call form asks for one (when the campaign has any) before it closes. */
  required?: boolean;
  showMissing?: boolean;
  testId?: string;
};

/** The campaign's dispositions for the call; a choice is saved at once (set_disposition). */
export function DispositionSelect({
  callId,
  required = false,
  showMissing = false,
  testId = 'disposition-select',
}: DispositionSelectProps) {
  const options = useDispositions(callId);
  const choose = useSetDisposition(callId);
  const list = options.data?.dispositions ?? [];
  const selected = options.data?.selected ?? null;
  const shown = choose.isPending ? choose.variables : selected;
  const missing = showMissing && required && list.length > 0 && selected === null;
  const helper = choose.error
    ? `Not saved: ${choose.error.message}`
    : options.isError
      ? 'The dispositions could not be loaded.'
      : missing
        ? 'Choose a disposition'
        : options.data && list.length === 0
          ? 'This campaign has no dispositions.'
          : ' ';
  return (
    <TextField
      select
      label="Disposition"
      fullWidth
      required={required && list.length > 0}
      value={shown === null || shown === undefined ? '' : String(shown)}
      onChange={(event) => {
        const id = Number(event.target.value);
        if (Number.isInteger(id) && id > 0) choose.mutate(id);
      }}
      disabled={options.data === undefined || list.length === 0}
      error={choose.isError || missing}
      helperText={helper}
      slotProps={{ select: { native: true }, htmlInput: { 'data-testid': testId }, inputLabel: { shrink: true } }}
    >
      <option value="" disabled>
        {options.data === undefined ? 'Loading…' : 'Choose…'}
      </option>
      {list.map((disposition) => (
        <option key={disposition.id} value={disposition.id}>
          {disposition.title}
        </option>
      ))}
    </TextField>
  );
}
