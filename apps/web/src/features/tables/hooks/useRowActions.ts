import type { TableAction, TableRow } from '@shiftline/shared';
import { useState } from 'react';
import type { Notice } from '../../../ui/NoticeSnackbar';
import { tablesApi } from '../api';

type Pending = { action: TableAction; row: TableRow };

/**
 * A table's row actions: a 'post' action asks its confirm first, then POSTs {identifier} to its url; a 'form'
 * action opens the row's edit form (read from the action's own url when it names one). After either, the table loads
 * again.
 */
export function useRowActions(identifierName: string, reload: () => void) {
  const [confirming, setConfirming] = useState<Pending | null>(null);
  const [editing, setEditing] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);

  const post = async ({ action, row }: Pending) => {
    const identifier = row[identifierName];
    if (!action.url || (typeof identifier !== 'number' && typeof identifier !== 'string')) return;
    setBusy(true);
    try {
      await tablesApi.postAction(action.url, identifier);
      setNotice({ severity: 'success', message: `${action.text}: done` });
      reload();
    } catch (error) {
      // The server's words: 'You can't change that user', say.
      console.error(`The ${action.name} action failed`, error);
      setNotice({ severity: 'error', message: error instanceof Error ? error.message : `${action.text} failed` });
    } finally {
      setBusy(false);
      setConfirming(null);
    }
  };

  const start = (action: TableAction, row: TableRow) => {
    if (action.kind === 'form') setEditing({ action, row });
    else if (action.confirm) setConfirming({ action, row });
    else void post({ action, row });
  };

  return {
    start,
    confirming,
    confirm: () => (confirming ? post(confirming) : undefined),
    cancelConfirm: () => setConfirming(null),
    busy,
    editing,
    closeEdit: () => setEditing(null),
    notice,
    closeNotice: () => setNotice(null),
  };
}
