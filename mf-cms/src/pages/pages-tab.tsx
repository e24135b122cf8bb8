import { Eye } from 'lucide-react';
import { AdminRoutes, type AdminPage } from '@agency/contracts';
import { Skeleton } from '@agency/ui';
import { PublishBadge } from '../shared/publishing';
import { useMoveToTrash } from '../shared/move-to-trash';
import { useOpenItem } from '../shared/cms-address';
import { useOpenedRow } from '../shared/opened-item';
import { EmptyState, EditDeleteButtons, IconButton, ListCard, TabHeader } from '../shared/list-ui';
import { DATED_STATES, NoMatches, useListFilter } from '../shared/list-filter';
import { useBulkActions } from '../shared/bulk-actions';
import { viewPath } from '../shared/content-preview';
import { PageDialog } from './page-dialog';
import { ItemMarks } from '../shared/item-drafts';

export function PagesTab({ pages, loading }: { pages: AdminPage[]; loading: boolean }) {
  const { item, setItem } = useOpenItem();
  // Edit opens the page as stored now, not the list's copy.
  const editing = useOpenedRow(AdminRoutes.pages, item, pages, true, () => setItem(null));
  const removal = useMoveToTrash(AdminRoutes.pages, 'Page');
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

  return (
    <div>
      <TabHeader
        title="Pages"
        description="Standalone pages of the site, served at /slug."
        action="Add New Page"
        onAction={() => setItem('new')}
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
                      <ItemMarks item={page} />
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
                    onEdit={() => setItem(String(page.id))}
                    onDelete={() => removal.trash(page, page.title)}
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
          onClose={() => setItem(null)}
        />
      ) : null}
      {removal.dialog}
    </div>
  );
}
