import type { SelectOption } from '../components/SelectInput';

/** A select's options for one record (a group, a company) or none: the first option, value '', says what none is. */
export const recordOptions = (
  none: string,
  records: readonly { id: number; name: string }[] | undefined,
): SelectOption[] => [
  { value: '', label: none },
  ...(records ?? []).map((record) => ({ value: String(record.id), label: record.name })),
];
