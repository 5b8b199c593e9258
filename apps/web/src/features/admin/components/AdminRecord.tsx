import Alert from '@mui/material/Alert';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';

type AdminRecordProps<Record> = {
  /** The record's kind in the query key (['admin', kind, id]): user, campaign... */
  kind: string;
  /** The record's id; null for a new record (nothing to load). */
  id: number | null;
  load: (id: number) => Promise<Record>;
  /** The form, given the loaded record (null for a new one). */
  children: (record: Record | null) => ReactNode;
};

/** Loads the record an administration form edits, then shows the form; nothing while loading, the error if it fails. */
export function AdminRecord<Record>({ kind, id, load, children }: AdminRecordProps<Record>) {
  const loaded = useQuery({ queryKey: ['admin', kind, id], queryFn: () => load(id as number), enabled: id !== null });
  if (id === null) return children(null);
  if (!loaded.data) return loaded.error ? <Alert severity="error">{loaded.error.message}</Alert> : null;
  return children(loaded.data);
}
