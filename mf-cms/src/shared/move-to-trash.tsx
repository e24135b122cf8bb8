import { toast } from '@agency/ui/toast';
import { errorMessage, useDeleteEntity, versionOf } from './admin-api';
import { useConfirm } from './confirm';
import { trashQuestion } from './publishing';

/**
 * A list row's Delete: asks in the app's dialog, then moves the item to the trash (If-Match: the
 * listed version) and says so. `singular` names the type ('Page', 'Blog Post'). Render `dialog`.
 */
export function useMoveToTrash(url: string, singular: string) {
  const remove = useDeleteEntity(url);
  const { ask, dialog } = useConfirm();
  const trash = async (row: { id: number }, name: string) => {
    if (!(await ask(trashQuestion(singular.toLowerCase(), name)))) return;
    remove.mutate(
      { id: row.id, etag: versionOf(row) },
      {
        onSuccess: () =>
          toast({
            title: `${singular} moved to the trash`,
            description: `"${name}" can be restored from the Trash tab.`,
          }),
        onError: (err) =>
          toast({
            variant: 'destructive',
            title: `${singular} not moved to the trash`,
            description: errorMessage(err),
          }),
      },
    );
  };
  return { trash: (row: { id: number }, name: string) => void trash(row, name), dialog };
}
