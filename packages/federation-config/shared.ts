/**
 * Modules that must exist once per page. The shell provides them; remotes reuse the shell's copy
 * (loaded-first), and fall back to their own only if no copy is loaded yet. The browser builds share
 * exactly these (shell/vite.config.ts, remote-vite-config.ts); the server builds leave the same list
 * to the host (server-build.ts).
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
