import { useRef, useState } from 'react';
import { Images } from 'lucide-react';
import { AdminRoutes } from '@agency/contracts';
import { Button, Input, cn } from '@agency/ui';
import { uploadFile } from '../shared/admin-api';
import type { describedBy } from '../shared/form-controls';
import { IMAGE_ACCEPT, MediaPicker, MissingAltWarning } from './media-picker';
import { missingAlt, uploadImage, useMediaLibrary, useUpload } from './media-api';
import { AltTextForm } from './media-tab';

const uploadResourceFile = async (file: File) => ({
  url: await uploadFile(AdminRoutes.resourceUpload, 'file', file),
});

/**
 * A URL field with an upload next to it. An image field (case study image, testimonial photo, ...)
 * also chooses from the media library, and flags a library image without alt text.
 */
export function UploadInput({
  id,
  value,
  onChange,
  kind,
  invalid,
  aria,
}: {
  id: string;
  value: string;
  onChange: (v: string) => void;
  kind: 'image-url' | 'file-url';
  invalid: boolean;
  aria: ReturnType<typeof describedBy>;
}) {
  const image = kind === 'image-url';
  const { uploading, error, upload } = useUpload(
    image ? (file: File) => uploadImage(file) : uploadResourceFile,
  );
  const [picking, setPicking] = useState(false);
  const library = useMediaLibrary();
  const chosen = image ? library.data?.find((m) => m.url === value.trim()) : undefined;
  const fileRef = useRef<HTMLInputElement>(null);
  const onFile = async (file: File | undefined) => {
    const stored = await upload(file);
    if (stored) onChange(stored.url);
    if (fileRef.current) fileRef.current.value = '';
  };
  return (
    <div>
      <div className="flex gap-2">
        <Input {...aria} value={value} onChange={(e) => onChange(e.target.value)} invalid={invalid} />
        {image ? (
          <Button variant="outline" className="shrink-0" onClick={() => setPicking(true)}>
            <Images className="mr-1.5 h-4 w-4" aria-hidden="true" />
            Library
          </Button>
        ) : null}
        <label
          className={cn(
            'inline-flex h-11 shrink-0 cursor-pointer items-center rounded-lg border border-slate-300 bg-white px-3 text-sm font-semibold text-ink-900 hover:bg-slate-50',
            'focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-600',
            uploading && 'pointer-events-none opacity-60',
          )}
        >
          {uploading ? 'Uploading...' : 'Upload'}
          <input
            ref={fileRef}
            type="file"
            className="sr-only"
            disabled={uploading}
            aria-describedby={`${id}-upload-error`}
            accept={image ? IMAGE_ACCEPT : '.pdf,.zip,.txt,.csv,.md,image/*'}
            onChange={(e) => void onFile(e.target.files?.[0])}
          />
        </label>
      </div>
      {image ? (
        <MediaPicker open={picking} onOpenChange={setPicking} onPick={(item) => onChange(item.url)} />
      ) : null}
      {image && value.trim() ? (
        // What the field holds, seen, and its alt text edited right here (it is the library's, so
        // every page showing the image gets it).
        <div className="mt-2 flex items-start gap-3" data-testid="image-field-preview">
          <img
            src={value.trim()}
            alt={chosen?.altText || ''}
            className="h-16 w-24 shrink-0 rounded-md border border-slate-200 bg-slate-100 object-cover"
          />
          {chosen ? (
            <AltTextForm key={chosen.id} item={chosen} className="min-w-0 flex-1" />
          ) : (
            <p className="text-sm text-slate-600">
              Not a library image: its alt text cannot be set here. Upload it or choose it from the Library to
              describe it.
            </p>
          )}
        </div>
      ) : null}
      {chosen && missingAlt(chosen) ? <MissingAltWarning /> : null}
      {error ? (
        <p id={`${id}-upload-error`} role="alert" className="mt-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
