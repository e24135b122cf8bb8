import { useEffect, useState } from 'react';
import { Eye } from 'lucide-react';
import { Skeleton } from '@agency/ui';
import { toast } from '@agency/ui/toast';
import { errorMessage, useAdminList, useDeleteEntity, versionOf } from '../shared/admin-api';
import { StatusBadge } from '../shared/form-controls';
import {
  EmptyState,
  LoadFailed,
  EditDeleteButtons,
  IconButton,
  ListCard,
  TabHeader,
} from '../shared/list-ui';
import { PublishBadge, trashConfirmText } from '../shared/publishing';
import { DATED_STATES, NoMatches, useListFilter } from '../shared/list-filter';
import { nounOf, useBulkActions } from '../shared/bulk-actions';
import { viewPath } from '../shared/content-preview';
import type { EntityConfig, Row } from './entity-configs';
import { EntityDialog } from './entity-dialog';

/** List + create/edit/delete for one staff-managed entity. */
export function EntityTab({
  config,
  startCreating = false,
  onCreateStarted,
}: {
  config: EntityConfig;
  startCreating?: boolean;
  onCreateStarted?: () => void;
}) {
  const list = useAdminList<Row>(config.url);
  const remove = useDeleteEntity(config.url);
  const [editing, setEditing] = useState<Row | 'new' | null>(() => (startCreating ? 'new' : null));

  useEffect(() => {
    // The Overview quick action opened this tab to create: the request is now consumed.
    if (startCreating) onCreateStarted?.();
  }, [startCreating, onCreateStarted]);

  const onDelete = (row: Row) => {
    const name = config.primary(row);
    if (!window.confirm(trashConfirmText(config.singular.toLowerCase(), name))) return;
    remove.mutate(
      { id: row.id, etag: versionOf(row) },
      {
        onSuccess: () =>
          toast({
            title: `${config.singular} moved to the trash`,
            description: `"${name}" can be restored from the Trash tab.`,
          }),
        onError: (err) =>
          toast({
            variant: 'destructive',
            title: `${config.singular} not moved to the trash`,
            description: errorMessage(err),
          }),
      },
    );
  };

  const rows = list.data ?? [];
  const filter = useListFilter(rows, {
    text: (r) => `${config.primary(r)} ${config.secondary(r)}`,
    name: config.primary,
    states: config.scheduled ? DATED_STATES : { published: config.badge[0], draft: config.badge[1] },
  });
  const bulk = useBulkActions({ url: config.url, shown: filter.shown, noun: nounOf(config.singular) });
  return (
    <div>
      <TabHeader
        title={config.title}
        description={config.description}
        action={`Add ${config.singular}`}
        onAction={() => setEditing('new')}
      />
      {list.isPending ? (
        <Skeleton className="h-40" />
      ) : list.isError ? (
        <LoadFailed what={config.title} onRetry={() => void list.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState>Nothing here yet.</EmptyState>
      ) : (
        <>
          {filter.controls}
          {filter.shown.length === 0 ? <NoMatches /> : bulk.bar}
          <ListCard label={config.title}>
            {filter.shown.map((row) => {
              const name = config.primary(row);
              return (
                <li key={row.id} className="flex flex-wrap items-center justify-between gap-3 px-5 py-4">
                  <div className="flex min-w-0 items-center gap-3">
                    {bulk.checkbox(row.id, name)}
                    <div className="min-w-0">
                      <div className="flex flex-wrap items-center gap-2">
                        <h3 className="font-semibold text-ink-900">{name}</h3>
                        {config.scheduled ? (
                          <PublishBadge
                            item={{
                              published: Boolean(row.published),
                              publishedAt: typeof row.publishedAt === 'string' ? row.publishedAt : null,
                            }}
                          />
                        ) : (
                          <StatusBadge
                            on={Boolean(row.published)}
                            onText={config.badge[0]}
                            offText={config.badge[1]}
                          />
                        )}
                      </div>
                      <p className="mt-0.5 truncate text-sm text-slate-600">{config.secondary(row)}</p>
                    </div>
                  </div>
                  <div className="flex gap-2">
                    {config.publicPath ? (
                      <IconButton
                        label={`View ${name}`}
                        onClick={() =>
                          window.open(viewPath(config.publicPath!(row), row), '_blank', 'noopener')
                        }
                      >
                        <Eye className="h-4 w-4" aria-hidden="true" />
                      </IconButton>
                    ) : null}
                    <EditDeleteButtons
                      name={name}
                      onEdit={() => setEditing(row)}
                      onDelete={() => onDelete(row)}
                    />
                  </div>
                </li>
              );
            })}
          </ListCard>
        </>
      )}
      {editing ? (
        <EntityDialog
          key={editing === 'new' ? 'new' : editing.id}
          config={config}
          row={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </div>
  );
}
