import { useId, useState } from 'react';
import { Images } from 'lucide-react';
import { Button, Input } from '@agency/ui';
import { Dialog } from '@agency/ui/dialog';
import { toast } from '@agency/ui/toast';
import { uploadImage, useUpload } from '../media/media-api';
import { IMAGE_ACCEPT, MediaPicker, MissingAltWarning, UploadFailed } from '../media/media-picker';

/**
 * Choose an image from the media library (its alt text comes along), upload one, or paste a URL;
 * add alt text, preview, then insert. Missing alt text is flagged, and allowed.
 */
export function ImageDialog({
  open,
  onOpenChange,
  onInsert,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onInsert: (image: { url: string; alt: string }) => void;
}) {
  const id = useId();
  const [url, setUrl] = useState('');
  const [alt, setAlt] = useState('');
  const [picking, setPicking] = useState(false);
  const { uploading, error: uploadError, upload, clearError } = useUpload((file) => uploadImage(file, alt));

  const reset = () => {
    setUrl('');
    setAlt('');
    clearError();
  };
  const close = (next: boolean) => {
    if (!next) reset();
    onOpenChange(next);
  };

  const onFile = async (file: File | undefined) => {
    const item = await upload(file);
    if (!item || !file) return;
    setUrl(item.url);
    if (!alt) setAlt(item.altText || file.name.replace(/\.[^.]+$/, '').replace(/[-_]+/g, ' '));
  };

  const trimmed = url.trim();
  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="Insert Image"
      description="Choose an image from the library, upload one, or paste its URL."
    >
      <div className="space-y-4">
        <div>
          <Button variant="outline" onClick={() => setPicking(true)}>
            <Images className="mr-2 h-4 w-4" aria-hidden="true" />
            Choose from Library
          </Button>
          <MediaPicker
            open={picking}
            onOpenChange={setPicking}
            onPick={(item) => {
              setUrl(item.url);
              setAlt(item.altText ?? '');
            }}
          />
        </div>
        <div>
          <label htmlFor={`${id}-file`} className="mb-1.5 block text-sm font-medium text-ink-900">
            Upload Image
          </label>
          <input
            id={`${id}-file`}
            type="file"
            accept={IMAGE_ACCEPT}
            disabled={uploading}
            onChange={(e) => void onFile(e.target.files?.[0])}
            className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-semibold file:text-brand-800 disabled:opacity-60"
          />
          <p className="mt-1 text-xs text-slate-600">PNG, JPEG, WebP, GIF or AVIF, up to 5 MB.</p>
          {uploading ? (
            <p role="status" className="mt-2 text-sm font-medium text-brand-700">
              Uploading...
            </p>
          ) : null}
          <UploadFailed error={uploadError} className="mt-2" />
        </div>
        <div>
          <label htmlFor={`${id}-url`} className="mb-1.5 block text-sm font-medium text-ink-900">
            Image URL
          </label>
          <Input
            id={`${id}-url`}
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            placeholder="https://... or /uploads/..."
          />
        </div>
        <div>
          <label htmlFor={`${id}-alt`} className="mb-1.5 block text-sm font-medium text-ink-900">
            Alt Text
          </label>
          <Input
            id={`${id}-alt`}
            value={alt}
            onChange={(e) => setAlt(e.target.value)}
            placeholder="Describe the image"
            aria-describedby={trimmed && !alt.trim() ? `${id}-alt-missing` : undefined}
          />
          {trimmed && !alt.trim() ? <MissingAltWarning id={`${id}-alt-missing`} /> : null}
        </div>
        {trimmed ? (
          <figure className="rounded-lg border border-slate-200 bg-slate-50 p-3">
            <figcaption className="mb-2 text-xs font-medium text-slate-600">Preview</figcaption>
            <img src={trimmed} alt={alt || 'Preview of the image'} className="mx-auto max-h-48 rounded" />
          </figure>
        ) : null}
        <div className="flex justify-end gap-2 pt-2">
          <Button variant="outline" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button
            disabled={!trimmed || uploading}
            onClick={() => {
              onInsert({ url: trimmed, alt: alt.trim() });
              if (!alt.trim()) {
                toast({
                  title: 'Image inserted without alt text',
                  description: 'Screen readers will skip it.',
                });
              }
              close(false);
            }}
          >
            Insert Image
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
