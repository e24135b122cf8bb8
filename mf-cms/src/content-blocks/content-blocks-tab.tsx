import { useState } from 'react';
import { AdminRoutes, type AdminContentBlock } from '@agency/contracts';
import { Badge, Skeleton } from '@agency/ui';
import { toast } from '@agency/ui/toast';
import { errorMessage, useDeleteEntity, versionOf } from '../shared/admin-api';
import { StatusBadge } from '../shared/form-controls';
import { EmptyState, EditDeleteButtons, ListCard, TabHeader } from '../shared/list-ui';
import { NoMatches, useListFilter } from '../shared/list-filter';
import { trashConfirmText } from '../shared/publishing';
import { useBulkActions } from '../shared/bulk-actions';
import { ContentBlockDialog } from './content-block-dialog';

export function ContentBlocksTab({ blocks, loading }: { blocks: AdminContentBlock[]; loading: boolean }) {
  const [editing, setEditing] = useState<AdminContentBlock | 'new' | null>(null);
  const remove = useDeleteEntity(AdminRoutes.contentBlocks);
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

  const onDelete = (block: AdminContentBlock) => {
    if (!window.confirm(trashConfirmText('content block', block.name))) return;
    remove.mutate(
      { id: block.id, etag: versionOf(block) },
      {
        onSuccess: () =>
          toast({
            title: 'Content block moved to the trash',
            description: `"${block.name}" can be restored from the Trash tab.`,
          }),
        onError: (err) =>
          toast({
            variant: 'destructive',
            title: 'Content block not moved to the trash',
            description: errorMessage(err),
          }),
      },
    );
  };

  return (
    <div>
      <TabHeader
        title="Content Blocks"
        description="Editable sections of the site, such as the home page hero (homepage-hero)."
        action="Add Content Block"
        onAction={() => setEditing('new')}
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
                    </div>
                    <p className="mt-0.5 font-mono text-sm text-slate-600">{block.identifier}</p>
                  </div>
                </div>
                <div className="flex gap-2">
                  <EditDeleteButtons
                    name={block.name}
                    onEdit={() => setEditing(block)}
                    onDelete={() => onDelete(block)}
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
          onClose={() => setEditing(null)}
        />
      ) : null}
    </div>
  );
}
