import { useParams } from 'react-router';
import { DataTable } from './DataTable';

/** /tables/:name: any server table by its name; the server decides who may see it and which rows. */
export function TablePage() {
  const { name = '' } = useParams();
  // A new table starts from its own state: the key drops the last table's dialogs and scroll position.
  return <DataTable key={name} name={name} namesPage />;
}
