import { extendTailwindMerge } from 'tailwind-merge';

/** The design tokens of theme.css, so e.g. `text-ink-900` and `text-sm` are not taken as a conflict. */
const THEME_COLORS = [
  'brand-50',
  'brand-100',
  'brand-200',
  'brand-300',
  'brand-400',
  'brand-500',
  'brand-600',
  'brand-700',
  'brand-800',
  'brand-900',
  'accent-400',
  'accent-500',
  'ink-700',
  'ink-800',
  'ink-900',
  'ink-950',
];

let merge: ((classes: string) => string) | undefined;

/**
 * The classes of `classes` that a later class overrides (tailwind-merge's rules), e.g. `max-w-7xl` in
 * "max-w-7xl max-w-3xl". Only development builds and tests call it (cn.ts); production drops it.
 */
export function conflictsIn(classes: string): string[] {
  merge ??= extendTailwindMerge({ extend: { theme: { color: THEME_COLORS } } });
  const kept = new Set(merge(classes).split(' '));
  return classes.split(/\s+/).filter((c) => c && !kept.has(c));
}
