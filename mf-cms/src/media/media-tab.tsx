import { useId, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Copy, File, Trash2, Upload } from 'lucide-react';
import {
  ALT_TEXT_MAX,
  AdminRoutes,
  MEDIA_USER_LABELS,
  describeMediaUses,
  type MediaItem,
} from '@agency/contracts';
import { Button, Card, Input, Skeleton, cn } from '@agency/ui';
import { toast } from '@agency/ui/toast';
import { adminKeys, adminSend, errorMessage } from '../shared/admin-api';
import { EmptyState, LoadFailed, IconButton, TabHeader } from '../shared/list-ui';
import { useConfirm } from '../shared/confirm';
import { isImage, missingAlt, uploadImage, useMediaLibrary, useMediaSearch, useUpload } from './media-api';
import { FilterBar, NoMatches } from '../shared/list-filter';
import { FocalPointButton } from './focal-point';
import { IMAGE_ACCEPT, MissingAltBadge, UploadFailed } from './media-picker';

const formatSize = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

export function MediaTab() {
  const client = useQueryClient();
  const media = useMediaLibrary();
  const images = useUpload((file) => uploadImage(file));
  const { uploading, error: uploadError } = images;
  const fileRef = useRef<HTMLInputElement>(null);
  const remove = useMutation({
    mutationFn: (id: number) => adminSend('DELETE', `${AdminRoutes.media}/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.media }),
  });

  const upload = (file: File | undefined) =>
    void images.upload(file).finally(() => {
      if (fileRef.current) fileRef.current.value = '';
    });

  const copy = async (item: MediaItem) => {
    const url = new URL(item.url, window.location.origin).toString();
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: 'URL copied', description: url });
    } catch {
      window.prompt('Copy the URL', url);
    }
  };

  const { ask, dialog } = useConfirm();
  const onDelete = async (item: MediaItem) => {
    const uses = item.usedBy ?? [];
    if (uses.length) {
      // The server refuses too (409); say where it is used instead of asking.
      toast({
        variant: 'destructive',
        title: 'File in use',
        description: `"${item.originalName}" is used by ${describeMediaUses(uses)}. Remove it there first.`,
      });
      return;
    }
    const yes = await ask({
      title: `Move "${item.originalName}" to the Trash?`,
      description: 'It is not used anywhere.',
      confirmLabel: 'Move to trash',
    });
    if (!yes) return;
    remove.mutate(item.id, {
      onSuccess: () => toast({ title: 'File moved to the Trash', description: item.originalName }),
      onError: (err) =>
        toast({ variant: 'destructive', title: 'File not deleted', description: errorMessage(err) }),
    });
  };

  const items = media.data ?? [];
  const search = useMediaSearch(items);
  return (
    <div>
      <TabHeader
        title="Media Library"
        description="Uploaded images and resource files. PNG, JPEG, WebP, GIF or AVIF images up to 5 MB."
      />
      <div className="mb-6 flex flex-wrap items-center gap-3">
        <label
          className={cn(
            'inline-flex h-11 cursor-pointer items-center gap-2 rounded-lg bg-brand-600 px-5 text-sm font-semibold text-white shadow-sm hover:bg-brand-700',
            'focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-600',
            uploading && 'pointer-events-none opacity-60',
          )}
        >
          <Upload className="h-4 w-4" aria-hidden="true" />
          {uploading ? 'Uploading...' : 'Upload Image'}
          <input
            ref={fileRef}
            type="file"
            className="sr-only"
            accept={IMAGE_ACCEPT}
            disabled={uploading}
            onChange={(e) => upload(e.target.files?.[0])}
          />
        </label>
        <UploadFailed error={uploadError} />
      </div>
      {media.isPending ? (
        <Skeleton className="h-40" />
      ) : media.isError ? (
        <LoadFailed what="The media library" onRetry={() => void media.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState>No files uploaded yet.</EmptyState>
      ) : (
        <>
          <FilterBar {...search.bar} />
          {search.shown.length === 0 ? <NoMatches>No files match the search.</NoMatches> : null}
          <ul aria-label="Uploaded files" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {search.shown.map((item) => (
              <li key={item.id}>
                <Card className="overflow-hidden">
                  <div className="flex aspect-video items-center justify-center bg-slate-100">
                    {isImage(item) ? (
                      <img
                        src={item.url}
                        alt={item.altText || item.originalName}
                        loading="lazy"
                        className="h-full w-full object-cover"
                      />
                    ) : (
                      <File className="h-10 w-10 text-slate-500" aria-hidden="true" />
                    )}
                  </div>
                  <div className="flex items-start justify-between gap-2 p-3">
                    <div className="min-w-0">
                      <p className="truncate text-sm font-medium text-ink-900" title={item.originalName}>
                        {item.originalName}
                      </p>
                      <p className="text-xs text-slate-600">
                        {item.mimeType} · {formatSize(item.size)}
                        {item.width && item.height ? ` · ${item.width}×${item.height}` : ''}
                      </p>
                      <MediaUses item={item} />
                      {isImage(item) && missingAlt(item) ? (
                        <p className="mt-1">
                          <MissingAltBadge />
                        </p>
                      ) : null}
                    </div>
                    <div className="flex shrink-0 gap-1">
                      <IconButton label={`Copy URL of ${item.originalName}`} onClick={() => void copy(item)}>
                        <Copy className="h-4 w-4" aria-hidden="true" />
                      </IconButton>
                      <IconButton
                        label={`Delete ${item.originalName}`}
                        tone="danger"
                        onClick={() => void onDelete(item)}
                      >
                        <Trash2 className="h-4 w-4" aria-hidden="true" />
                      </IconButton>
                    </div>
                  </div>
                  {isImage(item) ? (
                    <>
                      <AltTextForm item={item} />
                      <div className="border-t border-slate-100 px-3 py-2">
                        <FocalPointButton item={item} />
                      </div>
                    </>
                  ) : null}
                </Card>
              </li>
            ))}
          </ul>
        </>
      )}
      {dialog}
    </div>
  );
}

/** Where a file is used, item by item (older APIs do not say: nothing is shown). */
function MediaUses({ item }: { item: MediaItem }) {
  const uses = item.usedBy;
  if (!uses) return null;
  if (!uses.length) return <p className="mt-1 text-xs text-slate-600">Not used anywhere</p>;
  return (
    <div className="mt-1 text-xs text-slate-700">
      <p className="font-medium">Used in {uses.length === 1 ? '1 item' : `${uses.length} items`}:</p>
      <ul aria-label={`Where ${item.originalName} is used`} className="list-disc pl-4">
        {uses.map((u) => (
          <li key={`${u.type}-${u.id}`}>
            {MEDIA_USER_LABELS[u.type]} &ldquo;{u.title}&rdquo;{u.inTrash ? ' (in the trash)' : ''}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Edits an image's alt text; says "saved" only once the server stored it. */
export function AltTextForm({ item, className }: { item: MediaItem; className?: string }) {
  const id = useId();
  const client = useQueryClient();
  const [value, setValue] = useState(item.altText ?? '');
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (altText: string) => adminSend('PATCH', `${AdminRoutes.media}/${item.id}`, { altText }),
    onSuccess: async () => {
      setError(null);
      toast({ title: 'Alt text saved', description: item.originalName });
      await client.invalidateQueries({ queryKey: adminKeys.media });
    },
    onError: (err) => {
      setError(errorMessage(err));
      toast({ variant: 'destructive', title: 'Alt text not saved', description: errorMessage(err) });
    },
  });
  const changed = value.trim() !== (item.altText ?? '');
  const submit = () => {
    if (changed && !save.isPending) save.mutate(value.trim());
  };
  // Not a <form>: inside an editor (UploadInput) it would nest in the editor's form, and its Save or
  // Enter would submit that one (the browser leaves the page). A group with its own button instead.
  return (
    <div role="group" aria-label="Edit alt text" className={className ?? 'border-t border-slate-100 p-3'}>
      <label htmlFor={`${id}-alt`} className="mb-1 block text-xs font-medium text-ink-900">
        Alt text of {item.originalName}
      </label>
      <div className="flex gap-2">
        <Input
          id={`${id}-alt`}
          value={value}
          maxLength={ALT_TEXT_MAX}
          onChange={(e) => setValue(e.target.value)}
          onKeyDown={(e) => {
            if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
            e.preventDefault();
            submit();
          }}
          placeholder="Describe the image"
          invalid={Boolean(error)}
          aria-describedby={error ? `${id}-alt-error` : undefined}
          className="h-9 text-sm"
        />
        <Button type="button" size="sm" disabled={!changed || save.isPending} onClick={submit}>
          {save.isPending ? 'Saving...' : 'Save'}
        </Button>
      </div>
      {error ? (
        <p id={`${id}-alt-error`} role="alert" className="mt-1 text-xs font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
