import { useState } from 'react';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { useCloseRouteDialog } from '../../../ui/useCloseRouteDialog';
import { useSignOut } from '../hooks/useSignOut';

/** The /logout route: asks before signing out. */
export function SignOutDialog() {
  const close = useCloseRouteDialog();
  const signOut = useSignOut();
  const [busy, setBusy] = useState(false);
  const confirm = () => {
    setBusy(true);
    void signOut();
  };
  return (
    <ConfirmDialog
      open
      title="Sign out"
      text="Are you sure you want to sign out?"
      confirmLabel="Sign out"
      busy={busy}
      onConfirm={confirm}
      onCancel={close}
      confirmTestId="confirm-signout"
      cancelTestId="cancel-signout"
    />
  );
}
