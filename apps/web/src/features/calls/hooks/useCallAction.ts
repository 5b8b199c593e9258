import type { CallData } from '@shiftline/shared';
import { useMutation } from '@tanstack/react-query';
import { useRefreshStatus } from '../../status';
import { useStoreCall } from './useCallData';

/**
 * A call action answered by the call's new data (answer, hold, end, callback, blacklist, client edit, transfer type):
 * the answer replaces the page's data, and the agent's status, which the call may have moved, is loaded again.
 */
export function useCallAction<Input>(action: (input: Input) => Promise<CallData>) {
  const store = useStoreCall();
  const refreshStatus = useRefreshStatus();
  return useMutation({
    mutationFn: action,
    onSuccess: (call) => {
      store(call);
      refreshStatus();
    },
  });
}
