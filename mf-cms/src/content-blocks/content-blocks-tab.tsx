import { AdminRoutes, type AdminContentBlock } from '@agency/contracts';
import { Badge, Skeleton } from '@agency/ui';
import { StatusBadge } from '../shared/form-controls';
import { EmptyState, EditDeleteButtons, ListCard, TabHeader } from '../shared/list-ui';
import { NoMatches, useListFilter } from '../shared/list-filter';
import { useMoveToTrash } from '../shared/move-to-trash';
import { useOpenItem } from '../shared/cms-address';
import { useOpenedRow } from '../shared/opened-item';
import { useBulkActions } from '../shared/bulk-actions';
import { ContentBlockDialog } from './content-block-dialog';
import { ItemMarks } from '../shared/item-drafts';

export function ContentBlocksTab({ blocks, loading }: { blocks: AdminContentBlock[]; loading: boolean }) {
  const { item, setItem } = useOpenItem();
  // Edit opens the block as stored now, not the list's copy.
  const editing = useOpenedRow(AdminRoutes.contentBlocks, item, blocks, true, () => setItem(null));
  const removal = useMoveToTrash(AdminRoutes.contentBlocks, 'Content block');
  const filter = useListFilter(blocks, {
    text: (b) => `${b.name} ${b.identifier} ${b.type}`,
    name: (b) => b.name,
    states: { published: 'Active', draft: 'Inactive' },
  });

  const bulk = useBulkActions({
    url: AdminRoutes.contentBlocks,
    shown: filter.shown,
    noun: { one: 'content block', many: 'content blocks' },
  });

  return (
    <div>
      <TabHeader
        title="Content Blocks"
        description="Editable sections of the site, such as the home page hero (homepage-hero)."
        action="Add Content Block"
        onAction={() => setItem('new')}
      />
      {loading ? (
        <Skeleton className="h-40" />
      ) : blocks.length === 0 ? (
        <EmptyState>No content blocks yet.</EmptyState>
      ) : (
        <>
          {filter.controls}
          {filter.shown.length === 0 ? <NoMatches /> : bulk.bar}
          <ListCard label="Content blocks">
            {filter.shown.map((block) => (
              <li key={block.id} className="flex flex-wrap items-center justify-between gap-3 px-5 py-4">
                <div className="flex min-w-0 items-center gap-3">
                  {bulk.checkbox(block.id, block.name)}
                  <div className="min-w-0">
                    <div className="flex flex-wrap items-center gap-2">
                      <h3 className="font-semibold text-ink-900">{block.name}</h3>
                      <Badge tone="brand">{block.type}</Badge>
                      <StatusBadge on={block.published} onText="Active" offText="Inactive" />
                      <ItemMarks item={block} />
                    </div>
                    <p className="mt-0.5 font-mono text-sm text-slate-600">{block.identifier}</p>
                  </div>
                </div>
                <div className="flex gap-2">
                  <EditDeleteButtons
                    name={block.name}
                    onEdit={() => setItem(String(block.id))}
                    onDelete={() => removal.trash(block, block.name)}
                  />
                </div>
              </li>
            ))}
          </ListCard>
        </>
      )}
      {editing ? (
        <ContentBlockDialog
          key={editing === 'new' ? 'new' : editing.id}
          block={editing === 'new' ? null : editing}
          onClose={() => setItem(null)}
        />
      ) : null}
      {removal.dialog}
    </div>
  );
}
