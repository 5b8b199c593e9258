import { useMutation, useQueryClient } from '@tanstack/react-query';

/**
 * A form's save: on success the administration's lists and options load again (the list under the dialog shows the
 * change at once), then `onSaved` runs.
 */
export function useAdminSave<Input, Output>(
  save: (input: Input) => Promise<Output>,
  onSaved: (output: Output) => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: save,
    onSuccess: async (output) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['tables'] }),
        queryClient.invalidateQueries({ queryKey: ['admin'] }),
      ]);
      onSaved(output);
    },
  });
}
