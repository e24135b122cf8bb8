import { useId, type ComponentPropsWithoutRef } from 'react';

/**
 * A list with a name: `aria-label` on a plain `<ul>` is not allowed (html-validate) and screen readers
 * mostly ignore it there. The name is text in the page instead (visually hidden, read in reading
 * order), and the list points at it with `aria-labelledby`, so `getByRole('list', { name })` holds.
 */
export function LabelledList({
  label,
  children,
  ...props
}: { label: string } & Omit<ComponentPropsWithoutRef<'ul'>, 'aria-label' | 'aria-labelledby'>) {
  const id = useId();
  return (
    <>
      <span id={id} className="sr-only">
        {label}
      </span>
      <ul aria-labelledby={id} {...props}>
        {children}
      </ul>
    </>
  );
}
