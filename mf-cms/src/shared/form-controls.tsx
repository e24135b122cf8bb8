import { useId, type ReactNode } from 'react';
import * as SwitchPrimitive from '@radix-ui/react-switch';
import { cn } from '@agency/ui';

/** An on/off switch (Radix: role, state and keys) with its visible label (Published, Active, ...). */
export function Switch({
  checked,
  onChange,
  label,
  onText,
  offText,
  id,
}: {
  checked: boolean;
  onChange: (value: boolean) => void;
  label: string;
  onText?: string;
  offText?: string;
  id?: string;
}) {
  const generated = useId();
  const switchId = id ?? generated;
  return (
    <div className="flex items-center gap-3">
      <SwitchPrimitive.Root
        id={switchId}
        checked={checked}
        onCheckedChange={onChange}
        className={cn(
          'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
          checked ? 'bg-brand-600' : 'bg-slate-300',
        )}
      >
        <SwitchPrimitive.Thumb
          className={cn(
            'inline-block h-5 w-5 rounded-full bg-white shadow transition-transform',
            checked ? 'translate-x-5' : 'translate-x-0.5',
          )}
        />
      </SwitchPrimitive.Root>
      <label htmlFor={switchId} className="text-sm font-medium text-ink-900">
        {label}
      </label>
      {onText && offText ? (
        <span className="text-sm text-slate-600">{checked ? onText : offText}</span>
      ) : null}
    </div>
  );
}

/** Label + control + error, with the ids wired for assistive technology. */
export function Field({
  label,
  htmlFor,
  error,
  hint,
  children,
  className,
}: {
  label: string;
  htmlFor: string;
  error?: string | undefined;
  hint?: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={className}>
      <label htmlFor={htmlFor} className="mb-1.5 block text-sm font-medium text-ink-900">
        {label}
      </label>
      {children}
      {hint && !error ? (
        <p id={`${htmlFor}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${htmlFor}-error`} role="alert" className="mt-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** aria props of a control inside <Field>. */
export const describedBy = (id: string, error?: string, hint?: boolean) => ({
  id,
  'aria-invalid': error ? true : undefined,
  'aria-describedby': error ? `${id}-error` : hint ? `${id}-hint` : undefined,
});

/** The visible badge of a published flag. */
export function StatusBadge({ on, onText, offText }: { on: boolean; onText: string; offText: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold',
        on ? 'bg-emerald-50 text-emerald-800' : 'bg-slate-100 text-slate-700',
      )}
    >
      {on ? onText : offText}
    </span>
  );
}

/** "my page title" -> "my-page-title" (what the slug schema accepts). */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120);
}
