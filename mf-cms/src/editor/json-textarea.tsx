import { useState } from 'react';
import { cn } from '@agency/ui';
import { formatContent, parseContent } from './json-markdown';

/** A JSON object edited as text; invalid text keeps the last valid object and says so. */
export function JsonTextarea({
  id,
  value,
  onChange,
  rows = 14,
}: {
  id: string;
  value: Record<string, unknown>;
  onChange: (value: Record<string, unknown>) => void;
  rows?: number;
}) {
  const [text, setText] = useState(() => formatContent(value));
  const [invalid, setInvalid] = useState(false);
  return (
    <div>
      <textarea
        id={id}
        rows={rows}
        spellCheck={false}
        value={text}
        aria-invalid={invalid || undefined}
        aria-describedby={`${id}-status`}
        onChange={(e) => {
          setText(e.target.value);
          const parsed = parseContent(e.target.value);
          setInvalid(!parsed);
          if (parsed) onChange(parsed);
        }}
        className={cn(
          'block w-full rounded-lg border bg-white px-3 py-2 font-mono text-sm text-ink-900 focus-visible:outline-2 focus-visible:outline-brand-600',
          invalid ? 'border-red-600' : 'border-slate-300',
        )}
      />
      <p
        id={`${id}-status`}
        role={invalid ? 'alert' : undefined}
        className={cn('mt-1 text-xs', invalid ? 'font-medium text-red-700' : 'text-slate-600')}
      >
        {invalid
          ? 'Invalid JSON: the previous content is kept until the text is valid again.'
          : `${text.length} characters`}
      </p>
    </div>
  );
}
