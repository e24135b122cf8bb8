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
 * What the federation plugin shares in the browser builds (the shell's and every remote's). The server
 * builds share the same singletons through the host (server-build.ts). tailwind-merge was shared here
 * as a stateless library until cn() stopped merging at run time (packages/ui/src/cn.ts); a remote
 * release built before that brings its own copy, as it did before the shell offered one.
 */
export const BROWSER_SHARED = SHARED_SINGLETONS;
