import FormHelperText from '@mui/material/FormHelperText';
import { MultiSelect } from '../../../ui/MultiSelect';

type RecordsFieldProps = {
  label: string;
  /** What to choose from: the forms' options (campaigns, agents); none while they load. */
  records: readonly { id: number; name: string }[] | undefined;
  value: readonly number[];
  onChange: (ids: number[]) => void;
  emptyLabel: string;
  /** The server's message for this field. */
  error: string | undefined;
  testId: string;
};

/** Several records chosen by name (a user's campaigns, a campaign's agents), the server's error underneath. */
export function RecordsField({ label, records, value, onChange, emptyLabel, error, testId }: RecordsFieldProps) {
  return (
    <>
      <MultiSelect
        label={label}
        options={(records ?? []).map((record) => ({ value: record.id, label: record.name }))}
        value={value}
        onChange={onChange}
        emptyLabel={emptyLabel}
        testId={testId}
      />
      {error ? <FormHelperText error>{error}</FormHelperText> : null}
    </>
  );
}
