import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AdminRoutes, CONTENT_TYPE_NAMES, adminPathOf, trashItemPath } from '@agency/contracts';
import { toast } from '@agency/ui/toast';
import { adminKeys, adminSend, errorMessage, useDeleteEntity, versionOf } from './admin-api';
import { useConfirm } from './confirm';
import { editorsOf, othersEditing } from './editing-presence';
import { trashQuestion } from './publishing';

/**
 * Undo of a move to the trash: the item is restored from the Trash (POST /api/admin/trash/…/restore),
 * back in its list at once.
 */
function useUndoTrash(url: string, singular: string) {
  const client = useQueryClient();
  const type = CONTENT_TYPE_NAMES.find((t) => adminPathOf(t) === url);
  const restore = useMutation({
    mutationFn: (id: number) => adminSend('POST', `${trashItemPath(type!, id)}/restore`, {}),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: adminKeys.list(url) }),
        client.invalidateQueries({ queryKey: adminKeys.list(AdminRoutes.trash) }),
      ]),
  });
  if (!type) return undefined;
  return (id: number, name: string) =>
    restore.mutate(id, {
      onSuccess: () => toast({ title: `${singular} restored`, description: `"${name}" is back.` }),
      onError: (err) =>
        toast({ variant: 'destructive', title: `${singular} not restored`, description: errorMessage(err) }),
    });
}

/**
 * A list row's Delete: asks in the app's dialog, then moves the item to the trash (If-Match: the
 * listed version) and says so, with Undo in the toast. `singular` names the type ('Page', 'Blog
 * Post'). Render `dialog`.
 */
export function useMoveToTrash(url: string, singular: string) {
  const remove = useDeleteEntity(url);
  const undo = useUndoTrash(url, singular);
  const { ask, dialog } = useConfirm();
  const trash = async (row: { id: number }, name: string) => {
    // Someone with it open now would lose their unsaved work to the trash: the question says who.
    const others = await othersEditing(`${url}/${row.id}`);
    const question = trashQuestion(singular.toLowerCase(), name);
    if (others.length) {
      question.description = `${editorsOf(others)} editing it right now: their unsaved changes could not be saved. ${question.description ?? ''}`;
    }
    if (!(await ask(question))) return;
    remove.mutate(
      { id: row.id, etag: versionOf(row) },
      {
        onSuccess: () =>
          toast({
            title: `${singular} moved to the trash`,
            description: `"${name}" can be restored from the Trash tab.`,
            ...(undo && {
              action: {
                label: 'Undo',
                altText: `Restore "${name}" from the Trash tab`,
                onClick: () => undo(row.id, name),
              },
            }),
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
