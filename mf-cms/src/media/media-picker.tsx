import { useId } from 'react';
import { AlertTriangle, Upload } from 'lucide-react';
import type { MediaItem } from '@agency/contracts';
import { Badge, Skeleton, cn } from '@agency/ui';
import { Dialog } from '@agency/ui/dialog';
import { EmptyState, LoadFailed } from '../shared/list-ui';
import { isImage, missingAlt, uploadImage, useMediaLibrary, useMediaSearch, useUpload } from './media-api';
import { FilterBar, NoMatches } from '../shared/list-filter';

export const IMAGE_ACCEPT = 'image/png,image/jpeg,image/webp,image/gif,image/avif';

/** Flag on an image without alt text (library, picker). */
export function MissingAltBadge() {
  return (
    <Badge tone="warning">
      <AlertTriangle className="mr-1 h-3 w-3" aria-hidden="true" />
      Missing alt text
    </Badge>
  );
}

/** What an editor shows next to an image it is about to insert without alt text (still allowed). */
export function MissingAltWarning({ id }: { id?: string }) {
  return (
    <p id={id} role="status" className="mt-1.5 flex items-center gap-1.5 text-sm font-medium text-amber-900">
      <AlertTriangle className="h-4 w-4 shrink-0" aria-hidden="true" />
      This image has no alt text: screen readers will skip it. Add it here or in the Media Library.
    </p>
  );
}

/**
 * The media library's images to choose from (thumbnail, name, alt text or the missing flag), and an
 * upload that adds to the library and picks the new (or already stored) image at once.
 */
export function MediaPicker({
  open,
  onOpenChange,
  onPick,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onPick: (item: MediaItem) => void;
}) {
  const id = useId();
  const library = useMediaLibrary();
  const { uploading, error: uploadError, upload } = useUpload((file) => uploadImage(file));

  const pick = (item: MediaItem) => {
    onPick(item);
    onOpenChange(false);
  };

  const images = (library.data ?? []).filter(isImage);
  const search = useMediaSearch(images, ['all', 'missing-alt']);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Media Library"
      description="Choose an image, or upload a new one."
      className="max-w-3xl"
    >
      <div className="mb-4">
        <label
          htmlFor={`${id}-upload`}
          className={cn(
            'inline-flex h-11 cursor-pointer items-center gap-2 rounded-lg bg-brand-600 px-5 text-sm font-semibold text-white shadow-sm hover:bg-brand-700',
            'focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-600',
            uploading && 'pointer-events-none opacity-60',
          )}
        >
          <Upload className="h-4 w-4" aria-hidden="true" />
          {uploading ? 'Uploading...' : 'Upload New Image'}
        </label>
        <input
          id={`${id}-upload`}
          type="file"
          className="sr-only"
          accept={IMAGE_ACCEPT}
          disabled={uploading}
          onChange={(e) => void upload(e.target.files?.[0]).then((item) => item && pick(item))}
        />
        <UploadFailed error={uploadError} className="mt-2" />
      </div>
      {library.isPending ? (
        <Skeleton className="h-40" />
      ) : library.isError ? (
        <LoadFailed what="The media library" onRetry={() => void library.refetch()} />
      ) : images.length === 0 ? (
        <EmptyState>No images in the library yet.</EmptyState>
      ) : (
        <>
          <FilterBar {...search.bar} statuses={[['all', 'All images'], ...search.bar.statuses.slice(1)]} />
          {search.shown.length === 0 ? <NoMatches>No images match the search.</NoMatches> : null}
          <ul aria-label="Library images" className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            {search.shown.map((item) => (
              <li key={item.id}>
                <button
                  type="button"
                  onClick={() => pick(item)}
                  aria-label={`Choose ${item.originalName}`}
                  className="w-full overflow-hidden rounded-lg border border-slate-200 text-left hover:border-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600"
                >
                  <img
                    src={item.url}
                    alt=""
                    loading="lazy"
                    className="aspect-video w-full bg-slate-100 object-cover"
                  />
                  <span className="block p-2">
                    <span className="block truncate text-xs font-medium text-ink-900">
                      {item.originalName}
                    </span>
                    {missingAlt(item) ? (
                      <span className="mt-1 block">
                        <MissingAltBadge />
                      </span>
                    ) : (
                      <span className="mt-1 block truncate text-xs text-slate-600" title={item.altText}>
                        {item.altText}
                      </span>
                    )}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </Dialog>
  );
}

/** Why the last upload failed, beside its control. */
export function UploadFailed({ error, className }: { error: string | null; className?: string }) {
  return error ? (
    <p role="alert" className={cn('text-sm font-medium text-red-700', className)}>
      {error}
    </p>
  ) : null;
}
