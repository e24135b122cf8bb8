import { conflictsIn } from './class-conflicts';

/**
 * Joins class names, skipping falsy ones. It does not resolve conflicts at run time (that took
 * tailwind-merge, 7 KB of every page's start-up): a component's defaults that a caller may override
 * are component classes (`ui-*`, in theme.css's components layer), which any utility beats whatever
 * the order. Two utilities setting the same property in one call are a mistake, and in development
 * and tests they throw (class-conflicts.ts); production builds drop that check.
 */
export function cn(...parts: Array<string | false | null | undefined>): string {
  const classes = parts.filter(Boolean).join(' ');
  if (import.meta.env.DEV) {
    const conflicts = conflictsIn(classes);
    if (conflicts.length)
      throw new Error(
        `cn: ${conflicts.join(', ')} set the same property in "${classes}". Pass one of them, or make the default a ui-* component class.`,
      );
  }
  return classes;
}
