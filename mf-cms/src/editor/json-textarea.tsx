import { useState } from 'react';
import { cn } from '@agency/ui';
import { INVALID_JSON, formatContent, parseContent } from './json-content';

/** A JSON object edited as text; invalid text is reported to the form, which then refuses to save. */
export function JsonTextarea({
  id,
  value,
  onChange,
  rows = 14,
  onValidityChange,
  error,
}: {
  id: string;
  value: Record<string, unknown>;
  onChange: (value: Record<string, unknown>) => void;
  rows?: number;
  onValidityChange?: (error: string | null) => void;
  /** The form's or the server's message for this field. */
  error?: string;
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
        aria-invalid={invalid || Boolean(error) || undefined}
        aria-describedby={`${id}-status`}
        onChange={(e) => {
          setText(e.target.value);
          const parsed = parseContent(e.target.value);
          setInvalid(!parsed);
          onValidityChange?.(parsed ? null : INVALID_JSON);
          if (parsed) onChange(parsed);
        }}
        className={cn(
          'block w-full rounded-lg border bg-white px-3 py-2 font-mono text-sm text-ink-900 focus-visible:outline-2 focus-visible:outline-brand-600',
          invalid ? 'border-red-600' : 'border-slate-300',
        )}
      />
      <p
        id={`${id}-status`}
        role={invalid || error ? 'alert' : undefined}
        className={cn('mt-1 text-xs', invalid || error ? 'font-medium text-red-700' : 'text-slate-600')}
      >
        {invalid ? INVALID_JSON : error ? error : `${text.length} characters`}
      </p>
    </div>
  );
}
