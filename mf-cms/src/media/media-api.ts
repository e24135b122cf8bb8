import { useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AdminRoutes, type MediaItem } from '@agency/contracts';
import { apiRequest } from '@agency/ui';
import { toast } from '@agency/ui/toast';
import { adminGet, adminKeys, asArray, errorMessage, guarded } from '../shared/admin-api';
import { matchesSearch } from '../shared/list-filter';

/** The library's files, newest first (shared by the Media tab and every picker). */
export const useMediaLibrary = () =>
  useQuery({
    queryKey: adminKeys.media,
    queryFn: () => adminGet<unknown>(AdminRoutes.media),
    select: (d) => asArray<MediaItem>(d),
  });

export const isImage = (item: MediaItem) => item.mimeType.startsWith('image/');
/** '' and older answers without the field alike: the image needs alt text. */
export const missingAlt = (item: Pick<MediaItem, 'altText'>) => !item.altText?.trim();

/** The media library's filter choices (the Status select of its search bar). */
const MEDIA_STATES = {
  all: 'All files',
  'missing-alt': 'Images without alt text',
  unused: 'Unused files',
} as const;
type MediaState = keyof typeof MEDIA_STATES;

/**
 * Search of the library in the browser (it is loaded whole): every word must appear in the file's
 * name, its alt text or the title of an item using it; the Status narrows to images without alt text
 * or files nothing uses. `states` limits the choices (the picker offers no "Not used").
 */
export function useMediaSearch(
  items: readonly MediaItem[],
  states: readonly MediaState[] = ['all', 'missing-alt', 'unused'],
) {
  const [query, setQuery] = useState('');
  const [state, setState] = useState<MediaState>('all');
  const shown = useMemo(() => {
    return items.filter((item) => {
      if (state === 'missing-alt' && !(isImage(item) && missingAlt(item))) return false;
      if (state === 'unused' && (item.usedBy?.length ?? 0) > 0) return false;
      const text = [item.originalName, item.altText ?? '', ...(item.usedBy ?? []).map((u) => u.title)];
      return matchesSearch(text.join(' '), query);
    });
  }, [items, query, state]);
  return {
    shown,
    filtering: query.trim() !== '' || state !== 'all',
    bar: {
      search: query,
      onSearch: setQuery,
      searchLabel: 'Search files',
      placeholder: 'Name, alt text or where it is used',
      status: state,
      onStatus: (v: string) => setState(v as MediaState),
      statuses: states.map((s) => [s, MEDIA_STATES[s]] as const),
    },
  };
}

export type UploadedImage = MediaItem & { reused: boolean };

/**
 * Uploads an image to the library (with its alt text, when given) and says what happened: a new
 * file, or the same bytes already in the library (that file is answered, nothing new is stored).
 */
export async function uploadImage(file: File, alt?: string): Promise<UploadedImage> {
  const form = new FormData();
  if (alt?.trim()) form.append('alt', alt.trim());
  form.append('image', file);
  const body = (await guarded(async () => (await apiRequest('POST', AdminRoutes.upload, form)).json())) as
    Partial<UploadedImage> | undefined;
  if (typeof body?.url !== 'string') throw new Error('The server did not answer a file URL');
  const item = { mimeType: file.type, originalName: file.name, size: file.size, ...body } as UploadedImage;
  toast(
    item.reused
      ? {
          title: 'Already in the library',
          description: `${file.name} is the same image as ${item.originalName}.`,
        }
      : { title: 'Image uploaded', description: file.name },
  );
  return item;
}

/**
 * An upload control's state: `upload` sends the file with `send`, refreshes the library and answers
 * what `send` answered, or shows the failure (inline `error` and a toast) and answers undefined.
 */
export function useUpload<T>(send: (file: File) => Promise<T>) {
  const client = useQueryClient();
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const upload = async (file: File | undefined): Promise<T | undefined> => {
    if (!file) return undefined;
    setUploading(true);
    setError(null);
    try {
      const answer = await send(file);
      void client.invalidateQueries({ queryKey: adminKeys.media });
      return answer;
    } catch (err) {
      setError(`Upload failed: ${errorMessage(err)}`);
      toast({ variant: 'destructive', title: 'Upload failed', description: errorMessage(err) });
      return undefined;
    } finally {
      setUploading(false);
    }
  };
  return { uploading, error, upload, clearError: () => setError(null) };
}
