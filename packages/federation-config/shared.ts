/**
 * Modules that must exist once per page. The shell provides them; remotes reuse the shell's copy
 * (loaded-first), and fall back to their own only if no copy is loaded yet.
 */
export const SHARED_SINGLETONS = {
  react: { singleton: true, requiredVersion: '^19.0.0' },
  'react-dom': { singleton: true, requiredVersion: '^19.0.0' },
  '@tanstack/react-query': { singleton: true, requiredVersion: '^5.0.0' },
  zustand: { singleton: true, requiredVersion: '^5.0.0' },
  '@agency/ui/toast': { singleton: true, requiredVersion: '^1.0.0' },
  '@agency/ui/remote-module': { singleton: true, requiredVersion: '^1.0.0' },
  // The router itself stays inside the shell; remotes share only the small API they use.
  '@agency/ui/router': { singleton: true, requiredVersion: '^1.0.0' },
} as const;

export type SharedSingleton = keyof typeof SHARED_SINGLETONS;

/**
 * Libraries without state that the shell and the remotes would each bundle: shared in the browser so
 * a page downloads one copy (a remote falls back to its own when the host offers none, such as an older
 * shell). One version per page, but not in SHARED_SINGLETONS: a second copy is harmless, so server
 * builds bundle their own and the server's identity check of the singletons leaves them out.
 */
const SHARED_LIBRARIES = {
  'tailwind-merge': { singleton: true, requiredVersion: '^3.0.0' },
} as const;

/** What the federation plugin shares in the browser builds (the shell's and every remote's). */
export const BROWSER_SHARED = { ...SHARED_SINGLETONS, ...SHARED_LIBRARIES };
