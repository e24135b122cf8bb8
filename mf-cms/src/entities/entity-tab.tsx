import { Copy, Eye } from 'lucide-react';
import { Skeleton } from '@agency/ui';
import { useAdminList } from '../shared/admin-api';
import { useMoveToTrash } from '../shared/move-to-trash';
import { useDuplicate } from '../shared/duplicate-item';
import { useOpenItem } from '../shared/cms-address';
import { useOpenedRow } from '../shared/opened-item';
import { StatusBadge } from '../shared/form-controls';
import {
  EmptyState,
  LoadFailed,
  EditDeleteButtons,
  IconButton,
  ListCard,
  TabHeader,
} from '../shared/list-ui';
import { PublishBadge } from '../shared/publishing';
import { ItemMarks } from '../shared/item-drafts';
import { DATED_STATES, NoMatches, useListFilter } from '../shared/list-filter';
import { nounOf, useBulkActions } from '../shared/bulk-actions';
import { viewPath } from '../shared/content-preview';
import type { EntityConfig, Row } from './entity-configs';
import { EntityDialog } from './entity-dialog';

/** List + create/edit/delete for one staff-managed entity. */
export function EntityTab({ config }: { config: EntityConfig }) {
  const list = useAdminList<Row>(config.url);
  const removal = useMoveToTrash(config.url, config.singular);
  const { item, setItem } = useOpenItem();
  const duplicate = useDuplicate(config.url, config.singular, (id) => setItem(String(id)));
  const rows = list.data ?? [];
  // Edit opens the item as stored now; a new item's place comes after the listed ones: its editor
  // opens once the list is in.
  const editing = useOpenedRow(config.url, item, rows, !list.isPending, () => setItem(null));
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
        onAction={() => setItem('new')}
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
                        <ItemMarks item={row} />
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
                    <IconButton label={`Duplicate ${name}`} onClick={() => duplicate(row, name)}>
                      <Copy className="h-4 w-4" aria-hidden="true" />
                    </IconButton>
                    <EditDeleteButtons
                      name={name}
                      onEdit={() => setItem(String(row.id))}
                      onDelete={() => removal.trash(row, name)}
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
          newDefaults={'displayOrder' in config.empty ? { displayOrder: nextDisplayOrder(rows) } : undefined}
          onClose={() => setItem(null)}
        />
      ) : null}
      {removal.dialog}
    </div>
  );
}

/** A new item goes after the listed ones (order 0 would put it first), trashed ones aside. */
export function nextDisplayOrder(rows: Record<string, unknown>[]): number {
  const orders = rows.map((r) => Number(r['displayOrder'])).filter((n) => Number.isFinite(n));
  return orders.length ? Math.max(...orders) + 1 : 1;
}
