/**
 * Each file in a remote's `src/exposes/` is one module it exposes, named after the file in PascalCase
 * (`case-study-detail-page.tsx` → `CaseStudyDetailPage`). The browser build (federation `exposes`) and
 * the server build (`entry-server`'s `modules`) both derive from that folder.
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
