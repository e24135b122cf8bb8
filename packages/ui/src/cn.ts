import { extendTailwindMerge } from 'tailwind-merge';

/** Knows the design tokens of theme.css, so e.g. `text-ink-900` and `text-sm` are not taken as a conflict. */
const merge = extendTailwindMerge({
  extend: {
    theme: {
      color: [
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
      ],
    },
  },
});

/**
 * Joins class names, skipping falsy ones; when two classes set the same property, the later one wins
 * (a `className` passed to a component overrides the component's own default).
 */
export function cn(...parts: Array<string | false | null | undefined>): string {
  return merge(parts.filter(Boolean).join(' '));
}
