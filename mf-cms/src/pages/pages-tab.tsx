import { useEffect, useState } from 'react';
import { Eye } from 'lucide-react';
import { AdminRoutes, type AdminPage } from '@agency/contracts';
import { Skeleton } from '@agency/ui';
import { toast } from '@agency/ui/toast';
import { errorMessage, useDeleteEntity, versionOf } from '../shared/admin-api';
import { PublishBadge, trashConfirmText } from '../shared/publishing';
import { EmptyState, EditDeleteButtons, IconButton, ListCard, TabHeader } from '../shared/list-ui';
import { DATED_STATES, NoMatches, useListFilter } from '../shared/list-filter';
import { useBulkActions } from '../shared/bulk-actions';
import { viewPath } from '../shared/content-preview';
import { PageDialog } from './page-dialog';

export function PagesTab({
  pages,
  loading,
  startCreating,
  onCreateStarted,
}: {
  pages: AdminPage[];
  loading: boolean;
  startCreating: boolean;
  onCreateStarted: () => void;
}) {
  const [editing, setEditing] = useState<AdminPage | 'new' | null>(() => (startCreating ? 'new' : null));
  const remove = useDeleteEntity(AdminRoutes.pages);
  const filter = useListFilter(pages, {
    text: (p) => `${p.title} ${p.name} /${p.slug}`,
    name: (p) => p.title,
    states: DATED_STATES,
  });

  const bulk = useBulkActions({
    url: AdminRoutes.pages,
    shown: filter.shown,
    noun: { one: 'page', many: 'pages' },
  });

  useEffect(() => {
    // The Overview quick action opened this tab to create: the request is now consumed.
    if (startCreating) onCreateStarted();
  }, [startCreating, onCreateStarted]);

  const onDelete = (page: AdminPage) => {
    if (!window.confirm(trashConfirmText('page', page.title))) return;
    remove.mutate(
      { id: page.id, etag: versionOf(page) },
      {
        onSuccess: () =>
          toast({
            title: 'Page moved to the trash',
            description: `"${page.title}" can be restored from the Trash tab.`,
          }),
        onError: (err) =>
          toast({
            variant: 'destructive',
            title: 'Page not moved to the trash',
            description: errorMessage(err),
          }),
      },
    );
  };

  return (
    <div>
      <TabHeader
        title="Pages"
        description="Standalone pages of the site, served at /slug."
        action="Add New Page"
        onAction={() => setEditing('new')}
      />
      {loading ? (
        <Skeleton className="h-40" />
      ) : pages.length === 0 ? (
        <EmptyState>No pages yet. Add the first one.</EmptyState>
      ) : (
        <>
          {filter.controls}
          {filter.shown.length === 0 ? <NoMatches /> : bulk.bar}
          <ListCard label="Pages">
            {filter.shown.map((page) => (
              <li key={page.id} className="flex flex-wrap items-center justify-between gap-3 px-5 py-4">
                <div className="flex min-w-0 items-center gap-3">
                  {bulk.checkbox(page.id, page.title)}
                  <div className="min-w-0">
                    <div className="flex flex-wrap items-center gap-2">
                      <h3 className="font-semibold text-ink-900">{page.title}</h3>
                      <PublishBadge item={page} />
                    </div>
                    <p className="mt-0.5 font-mono text-sm text-slate-600">/{page.slug}</p>
                  </div>
                </div>
                <div className="flex gap-2">
                  <IconButton
                    label={`View ${page.title}`}
                    onClick={() => window.open(viewPath(`/${page.slug}`, page), '_blank', 'noopener')}
                  >
                    <Eye className="h-4 w-4" aria-hidden="true" />
                  </IconButton>
                  <EditDeleteButtons
                    name={page.title}
                    onEdit={() => setEditing(page)}
                    onDelete={() => onDelete(page)}
                  />
                </div>
              </li>
            ))}
          </ListCard>
        </>
      )}
      {editing ? (
        <PageDialog
          key={editing === 'new' ? 'new' : editing.id}
          page={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </div>
  );
}
