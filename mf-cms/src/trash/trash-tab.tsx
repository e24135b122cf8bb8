import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RotateCcw, Trash2 } from 'lucide-react';
import {
  AdminRoutes,
  CONTENT_TYPES,
  CONTENT_TYPE_NAMES,
  TRASH_RETENTION_DAYS,
  trashItemPath,
  type TrashItem,
  type TrashType,
} from '@agency/contracts';
import { Badge, Button, Skeleton } from '@agency/ui';
import { toast } from '@agency/ui/toast';
import { adminKeys, adminSend, errorMessage, useAdminList } from '../shared/admin-api';
import { EmptyState, LoadFailed, ListCard, TabHeader } from '../shared/list-ui';
import { formatDateTime } from '../shared/publishing';
import { useConfirm } from '../shared/confirm';

/** What staff call each kind of trashed item: every content type by its registry name, and library files. */
const TRASH_TYPE_LABELS = {
  ...Object.fromEntries(CONTENT_TYPE_NAMES.map((type) => [type, CONTENT_TYPES[type].singular])),
  media: 'File',
} as Record<TrashType, string>;

const itemUrl = (item: TrashItem) => trashItemPath(item.type, item.id);

/** Deleted items of every kind: restore one, or delete it forever (after a confirmation). */
export function TrashTab() {
  const list = useAdminList<TrashItem>(AdminRoutes.trash);
  const client = useQueryClient();
  // Every admin list may change: a restored item returns to its own tab.
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['admin', 'list'] }),
      client.invalidateQueries({ queryKey: adminKeys.media }),
    ]);
  const restore = useMutation({
    mutationFn: (item: TrashItem) => adminSend('POST', `${itemUrl(item)}/restore`, {}),
    onSettled: refresh,
  });
  const purge = useMutation({
    mutationFn: (item: TrashItem) => adminSend('DELETE', itemUrl(item)),
    onSettled: refresh,
  });

  const onRestore = (item: TrashItem) =>
    restore.mutate(item, {
      onSuccess: () =>
        toast({ title: `${TRASH_TYPE_LABELS[item.type]} restored`, description: `"${item.title}" is back.` }),
      onError: (err) =>
        toast({ variant: 'destructive', title: 'Not restored', description: errorMessage(err) }),
    });
  const { ask, dialog } = useConfirm();
  const onDeleteForever = async (item: TrashItem) => {
    const kind = TRASH_TYPE_LABELS[item.type].toLowerCase();
    const yes = await ask({
      title: `Delete the ${kind} "${item.title}" forever?`,
      description: 'This cannot be undone.',
      confirmLabel: 'Delete forever',
    });
    if (!yes) return;
    purge.mutate(item, {
      onSuccess: () =>
        toast({
          title: `${TRASH_TYPE_LABELS[item.type]} deleted forever`,
          description: `"${item.title}" was deleted.`,
        }),
      onError: (err) =>
        toast({ variant: 'destructive', title: 'Not deleted', description: errorMessage(err) }),
    });
  };

  const rows = list.data ?? [];
  return (
    <div>
      <TabHeader
        title="Trash"
        description={`Deleted items stay here for ${TRASH_RETENTION_DAYS} days, hidden from the site, then are deleted forever.`}
      />
      {list.isPending ? (
        <Skeleton className="h-40" />
      ) : list.isError ? (
        <LoadFailed what="The trash" onRetry={() => void list.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState>The trash is empty.</EmptyState>
      ) : (
        <ListCard label="Trash">
          {rows.map((item) => (
            <li
              key={`${item.type}-${item.id}`}
              className="flex flex-wrap items-center justify-between gap-3 px-5 py-4"
            >
              <div className="min-w-0">
                <div className="flex flex-wrap items-center gap-2">
                  <h3 className="font-semibold text-ink-900">{item.title}</h3>
                  <Badge>{TRASH_TYPE_LABELS[item.type]}</Badge>
                </div>
                <p className="mt-0.5 text-sm text-slate-600">Deleted {formatDateTime(item.deletedAt)}</p>
              </div>
              <div className="flex gap-2">
                <Button
                  size="sm"
                  variant="outline"
                  aria-label={`Restore ${item.title}`}
                  onClick={() => onRestore(item)}
                >
                  <RotateCcw className="h-4 w-4" aria-hidden="true" />
                  Restore
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  aria-label={`Delete ${item.title} forever`}
                  onClick={() => void onDeleteForever(item)}
                >
                  <Trash2 className="h-4 w-4" aria-hidden="true" />
                  Delete forever
                </Button>
              </div>
            </li>
          ))}
        </ListCard>
      )}
      {dialog}
    </div>
  );
}
