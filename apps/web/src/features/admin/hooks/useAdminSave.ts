import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fieldErrors } from '../../../lib/fieldErrors';

/**
 * A record form's save: `create` for a new record (id null), `edit` otherwise. On success the administration's lists
 * and options load again (the list under the dialog shows the change at once), then `onSaved` runs. `errors` are the
 * last failure's messages by field.
 */
export function useAdminSave(
  id: number | null,
  write: { create: () => Promise<unknown>; edit: (id: number) => Promise<unknown> },
  onSaved: () => void,
) {
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: () => (id === null ? write.create() : write.edit(id)),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['tables'] }),
        queryClient.invalidateQueries({ queryKey: ['admin'] }),
      ]);
      onSaved();
    },
  });
  return { save, errors: fieldErrors(save.error) };
}
