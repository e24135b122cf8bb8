import { useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Copy, File, Trash2, Upload } from 'lucide-react';
import { AdminRoutes, type MediaItem } from '@agency/contracts';
import { Card, Skeleton, cn } from '@agency/ui';
import { toast } from '@agency/ui/toast';
import { adminGet, adminKeys, adminSend, asArray, errorMessage, uploadFile } from '../shared/admin-api';
import { EmptyState, LoadFailed, IconButton, TabHeader } from '../shared/list-ui';

const formatSize = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

export function MediaTab() {
  const client = useQueryClient();
  const media = useQuery({
    queryKey: adminKeys.media,
    queryFn: () => adminGet<unknown>(AdminRoutes.media),
    select: (d) => asArray<MediaItem>(d),
  });
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const remove = useMutation({
    mutationFn: (id: number) => adminSend('DELETE', `${AdminRoutes.media}/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.media }),
  });

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    setUploadError(null);
    try {
      await uploadFile(AdminRoutes.upload, 'image', file);
      toast({ title: 'Image uploaded', description: file.name });
      await client.invalidateQueries({ queryKey: adminKeys.media });
    } catch (err) {
      setUploadError(`Upload failed: ${errorMessage(err)}`);
      toast({ variant: 'destructive', title: 'Upload failed', description: errorMessage(err) });
    } finally {
      setUploading(false);
      if (fileRef.current) fileRef.current.value = '';
    }
  };

  const copy = async (item: MediaItem) => {
    const url = new URL(item.url, window.location.origin).toString();
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: 'URL copied', description: url });
    } catch {
      window.prompt('Copy the URL', url);
    }
  };

  const onDelete = (item: MediaItem) => {
    if (!window.confirm(`Delete "${item.originalName}"? Pages that show it will lose the image.`)) return;
    remove.mutate(item.id, {
      onSuccess: () => toast({ title: 'File deleted', description: item.originalName }),
      onError: (err) =>
        toast({ variant: 'destructive', title: 'File not deleted', description: errorMessage(err) }),
    });
  };

  const items = media.data ?? [];
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
            accept="image/png,image/jpeg,image/webp,image/gif,image/avif"
            disabled={uploading}
            onChange={(e) => void upload(e.target.files?.[0])}
          />
        </label>
        {uploadError ? (
          <p role="alert" className="text-sm font-medium text-red-700">
            {uploadError}
          </p>
        ) : null}
      </div>
      {media.isPending ? (
        <Skeleton className="h-40" />
      ) : media.isError ? (
        <LoadFailed what="The media library" onRetry={() => void media.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState>No files uploaded yet.</EmptyState>
      ) : (
        <ul aria-label="Uploaded files" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {items.map((item) => (
            <li key={item.id}>
              <Card className="overflow-hidden">
                <div className="flex aspect-video items-center justify-center bg-slate-100">
                  {item.mimeType.startsWith('image/') ? (
                    <img
                      src={item.url}
                      alt={item.originalName}
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
                    </p>
                  </div>
                  <div className="flex shrink-0 gap-1">
                    <IconButton label={`Copy URL of ${item.originalName}`} onClick={() => void copy(item)}>
                      <Copy className="h-4 w-4" aria-hidden="true" />
                    </IconButton>
                    <IconButton
                      label={`Delete ${item.originalName}`}
                      tone="danger"
                      onClick={() => onDelete(item)}
                    >
                      <Trash2 className="h-4 w-4" aria-hidden="true" />
                    </IconButton>
                  </div>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
