/**
 * Each file in a remote's `src/exposes/` is one module it exposes, named after the file in PascalCase
 * (`case-study-detail-page.tsx` → `CaseStudyDetailPage`). The browser build (federation `exposes`) and
 * the server build (`entry-server`'s `modules` and `prefetch`) all derive from that folder: a page's
 * data loader is exported beside it (`export const prefetch`), so no name is typed twice.
 */
export function exposedName(file: string): string {
  const base = file
    .split('/')
    .pop()!
    .replace(/\.[jt]sx?$/, '');
  return base
    .split('-')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
}

/** `import.meta.glob('./exposes/*.tsx', { eager: true })` → modules by exposed name. */
export function exposedModules<T>(glob: Record<string, { default: T }>): Record<string, T> {
  return Object.fromEntries(Object.entries(glob).map(([file, mod]) => [exposedName(file), mod.default]));
}

/**
 * The same glob → each page's data loader (its module's `prefetch` export) by exposed name; modules
 * without one (a page with no data of its own, a form) are left out.
 */
export function exposedPrefetches<P>(glob: Record<string, { prefetch?: P }>): Record<string, P> {
  return Object.fromEntries(
    Object.entries(glob).flatMap(([file, mod]) => (mod.prefetch ? [[exposedName(file), mod.prefetch]] : [])),
  );
}
