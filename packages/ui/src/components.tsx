import { forwardRef, type ComponentPropsWithoutRef, type ReactNode } from 'react';
import { cn } from './cn';

export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'outline-inverse' | 'ghost' | 'inverse';
export type ButtonSize = 'sm' | 'md' | 'lg';

/** Each look with its focus ring, drawn in a colour that shows on the background the look is for. */
const variantClasses: Record<ButtonVariant, string> = {
  primary: 'bg-brand-600 text-white hover:bg-brand-700 shadow-sm focus-visible:outline-brand-600',
  secondary: 'bg-ink-900 text-white hover:bg-ink-800 focus-visible:outline-brand-600',
  outline: 'border border-slate-300 bg-white text-ink-900 hover:bg-slate-50 focus-visible:outline-brand-600',
  /** The outline button on a dark or brand-coloured band. */
  'outline-inverse':
    'border border-white/50 bg-transparent text-white hover:bg-white/10 focus-visible:outline-white',
  ghost: 'text-ink-900 hover:bg-slate-100 focus-visible:outline-brand-600',
  inverse: 'bg-white text-ink-900 hover:bg-slate-100 focus-visible:outline-brand-600',
};
const sizeClasses: Record<ButtonSize, string> = {
  sm: 'h-9 px-3 text-sm',
  md: 'h-11 px-5 text-sm',
  lg: 'h-12 px-6 text-base',
};

/** Button look for any element (links included). */
export function buttonClasses(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', extra?: string) {
  return cn(
    'inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors',
    'focus-visible:outline-2 focus-visible:outline-offset-2',
    'disabled:pointer-events-none disabled:opacity-60',
    variantClasses[variant],
    sizeClasses[size],
    extra,
  );
}

export const Button = forwardRef<
  HTMLButtonElement,
  ComponentPropsWithoutRef<'button'> & { variant?: ButtonVariant; size?: ButtonSize }
>(function Button({ variant, size, className, type = 'button', ...props }, ref) {
  return <button ref={ref} type={type} className={buttonClasses(variant, size, className)} {...props} />;
});

export function Card({ className, ...props }: ComponentPropsWithoutRef<'div'>) {
  return (
    <div className={cn('rounded-2xl border border-slate-200 bg-white shadow-sm', className)} {...props} />
  );
}

export function Badge({
  className,
  tone = 'neutral',
  ...props
}: ComponentPropsWithoutRef<'span'> & { tone?: 'neutral' | 'brand' | 'success' | 'warning' | 'dark' }) {
  const tones = {
    neutral: 'bg-slate-100 text-slate-800',
    brand: 'bg-brand-50 text-brand-800',
    success: 'bg-emerald-50 text-emerald-800',
    warning: 'bg-amber-50 text-amber-900',
    dark: 'bg-ink-900 text-white',
  } as const;
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold',
        tones[tone],
        className,
      )}
      {...props}
    />
  );
}

export function Skeleton({ className, ...props }: ComponentPropsWithoutRef<'div'>) {
  return <div aria-hidden="true" className={cn('ui-skeleton animate-pulse', className)} {...props} />;
}

export function Container({ className, ...props }: ComponentPropsWithoutRef<'div'>) {
  return <div className={cn('ui-container mx-auto w-full px-4 sm:px-6 lg:px-8', className)} {...props} />;
}

const fieldBase =
  'ui-field block w-full rounded-lg border bg-white px-3 text-ink-900 placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-600 disabled:opacity-60';

export const Input = forwardRef<HTMLInputElement, ComponentPropsWithoutRef<'input'> & { invalid?: boolean }>(
  function Input({ className, invalid, ...props }, ref) {
    return (
      <input
        ref={ref}
        aria-invalid={invalid || undefined}
        className={cn(
          fieldBase,
          'ui-field-height',
          invalid ? 'border-red-600' : 'border-slate-300',
          className,
        )}
        {...props}
      />
    );
  },
);

export const Textarea = forwardRef<
  HTMLTextAreaElement,
  ComponentPropsWithoutRef<'textarea'> & { invalid?: boolean }
>(function Textarea({ className, invalid, ...props }, ref) {
  return (
    <textarea
      ref={ref}
      aria-invalid={invalid || undefined}
      className={cn(fieldBase, 'py-2', invalid ? 'border-red-600' : 'border-slate-300', className)}
      {...props}
    />
  );
});

export const Select = forwardRef<
  HTMLSelectElement,
  ComponentPropsWithoutRef<'select'> & { invalid?: boolean }
>(function Select({ className, invalid, ...props }, ref) {
  return (
    <select
      ref={ref}
      aria-invalid={invalid || undefined}
      className={cn(fieldBase, 'ui-field-height', invalid ? 'border-red-600' : 'border-slate-300', className)}
      {...props}
    />
  );
});

export function Label({ className, ...props }: ComponentPropsWithoutRef<'label'>) {
  // A wrapper: each caller passes the control's `htmlFor` (or wraps it) through the props.
  // eslint-disable-next-line jsx-a11y/label-has-associated-control
  return <label className={cn('mb-1.5 block text-sm font-medium text-ink-900', className)} {...props} />;
}

export function FieldError({ id, children }: { id: string; children?: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} role="alert" className="mt-1.5 text-sm font-medium text-red-700">
      {children}
    </p>
  );
}

export function SectionHeading({
  eyebrow,
  title,
  intro,
  as: Tag = 'h2',
  align = 'center',
  tone = 'light',
}: {
  eyebrow?: string;
  title: ReactNode;
  intro?: ReactNode;
  as?: 'h1' | 'h2';
  align?: 'center' | 'left';
  tone?: 'light' | 'dark';
}) {
  return (
    <div className={cn('mb-12 max-w-3xl', align === 'center' ? 'mx-auto text-center' : '')}>
      {eyebrow ? (
        <p
          className={cn(
            'mb-3 text-sm font-semibold uppercase tracking-wider',
            tone === 'dark' ? 'text-brand-300' : 'text-brand-700',
          )}
        >
          {eyebrow}
        </p>
      ) : null}
      <Tag
        className={cn(
          'text-3xl font-bold tracking-tight sm:text-4xl',
          tone === 'dark' ? 'text-white' : 'text-ink-900',
        )}
      >
        {title}
      </Tag>
      {intro ? (
        <p className={cn('mt-4 text-lg', tone === 'dark' ? 'text-slate-300' : 'text-slate-600')}>{intro}</p>
      ) : null}
    </div>
  );
}
