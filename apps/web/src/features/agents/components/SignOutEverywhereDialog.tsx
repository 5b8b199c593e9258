import type { Agent } from '@shiftline/shared';
import { useMutation } from '@tanstack/react-query';
import { ApiError } from '../../../lib/apiError';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { agentsApi } from '../api';
import { agentName } from '../utils/agentName';

type SignOutEverywhereDialogProps = {
  agent: Agent;
  onDone: (message: string, severity: 'success' | 'error') => void;
  onCancel: () => void;
};

/** An administrator ends every session of an agent; their open pages go to the sign-in page. */
export function SignOutEverywhereDialog({ agent, onDone, onCancel }: SignOutEverywhereDialogProps) {
  const name = agentName(agent);
  const signOut = useMutation({
    mutationFn: () => agentsApi.forceLogout(agent.id),
    onSuccess: ({ sessions_ended }) =>
      onDone(`${name} was signed out (${sessions_ended} session${sessions_ended === 1 ? '' : 's'} ended).`, 'success'),
    onError: (error) => onDone(error instanceof ApiError ? error.message : 'Signing out failed.', 'error'),
  });
  return (
    <ConfirmDialog
      open
      title="Sign out everywhere"
      text={`Sign ${name} out of every open session? Their open pages go to the sign-in page.`}
      confirmLabel="Sign out everywhere"
      destructive
      busy={signOut.isPending}
      onConfirm={() => signOut.mutate()}
      onCancel={onCancel}
      confirmTestId="confirm-force-logout"
    />
  );
}
