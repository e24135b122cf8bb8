import { useId, useState } from 'react';
import { Button, Input } from '@agency/ui';
import { Dialog } from '@agency/ui/dialog';
import { SAFE_LINK } from './markdown-transforms';

export const UNSAFE_LINK = 'Use an http(s), mailto: or tel: link, or a site path such as /contact.';

/** Link text (the selection, if any) and address; only addresses the public site keeps are taken. */
export function LinkDialog({
  open,
  initialText,
  onOpenChange,
  onInsert,
}: {
  open: boolean;
  initialText: string;
  onOpenChange: (open: boolean) => void;
  onInsert: (link: { text: string; url: string }) => void;
}) {
  const id = useId();
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Insert Link">
      {/* Mounted per opening, so each starts from the current selection. */}
      {open ? (
        <LinkForm
          id={id}
          initialText={initialText}
          onInsert={onInsert}
          onCancel={() => onOpenChange(false)}
        />
      ) : null}
    </Dialog>
  );
}

function LinkForm({
  id,
  initialText,
  onInsert,
  onCancel,
}: {
  id: string;
  initialText: string;
  onInsert: (link: { text: string; url: string }) => void;
  onCancel: () => void;
}) {
  const [text, setText] = useState(initialText);
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        e.stopPropagation();
        const target = url.trim();
        if (!SAFE_LINK.test(target)) {
          setError(target ? UNSAFE_LINK : 'Enter the address the link goes to.');
          document.getElementById(`${id}-url`)?.focus();
          return;
        }
        onInsert({ text: text.trim() || target, url: target });
      }}
    >
      <div>
        <label htmlFor={`${id}-url`} className="mb-1.5 block text-sm font-medium text-ink-900">
          URL
        </label>
        <Input
          id={`${id}-url`}
          value={url}
          autoFocus
          placeholder="https://... or /contact"
          invalid={Boolean(error)}
          aria-describedby={error ? `${id}-url-error` : undefined}
          onChange={(e) => setUrl(e.target.value)}
        />
        {error ? (
          <p id={`${id}-url-error`} role="alert" className="mt-1.5 text-sm font-medium text-red-700">
            {error}
          </p>
        ) : null}
      </div>
      <div>
        <label htmlFor={`${id}-text`} className="mb-1.5 block text-sm font-medium text-ink-900">
          Link Text
        </label>
        <Input id={`${id}-text`} value={text} onChange={(e) => setText(e.target.value)} />
      </div>
      <div className="flex justify-end gap-2 pt-2">
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit">Insert Link</Button>
      </div>
    </form>
  );
}
