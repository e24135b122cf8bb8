import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Vitest's default is one worker fewer than the cores: a single worker on a 2-core CI machine. API
 * tests spend much of their time waiting (child servers, scrypt on libuv's threads, the database),
 * so every core gets a worker. VITEST_MAX_WORKERS overrides it (e.g. 1 on a busy machine).
 */
// Dates in tests read the same on every machine: the CMS shows times in the viewer's zone, and its
// tests pin what a viewer in UTC sees (the CI machine's zone, set here for any other).
process.env.TZ = 'UTC';

const maxWorkers = Number(process.env.VITEST_MAX_WORKERS) || Math.max(2, availableParallelism() - 1);

export default defineConfig({
  test: {
    maxWorkers,
    projects: [
      {
        test: {
          name: 'api',
          root: './api',
          include: ['src/**/*.test.ts'],
          exclude: ['src/**/*.security.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // A worker's files share its modules: each file builds its own app (createApp, its own
          // database and context), so nothing a file needs lives at module level, and the app's
          // import graph is evaluated once per worker, not once per file (import time 215 s → 18 s).
          isolate: false,
          // Migrate once per run; each test app loads a copy (api/src/test-support/db-templates.ts).
          globalSetup: ['./src/test-support/db-templates.ts', './src/test-support/server-bundle.ts'],
        },
      },
      {
        test: {
          name: 'security',
          root: './api',
          include: ['src/**/*.security.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          isolate: false,
          globalSetup: ['./src/test-support/db-templates.ts', './src/test-support/server-bundle.ts'],
          // Files run side by side like the api project's: servers they start take their own ports
          // (ports derived from the worker's pid, or port 0).
        },
      },
      {
        test: {
          name: 'scripts',
          root: './scripts',
          include: ['**/*.test.mjs'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'contracts',
          root: './packages/contracts',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        esbuild: { jsx: 'automatic' },
        test: {
          name: 'web',
          include: [
            'packages/ui/src/**/*.test.{ts,tsx}',
            'packages/federation-config/**/*.test.ts',
            'shell/src/**/*.test.{ts,tsx}',
            'mf-*/src/**/*.test.{ts,tsx}',
          ],
          environment: 'jsdom',
          // As in the api project: a worker's files share its modules (import time 31 s → 6 s);
          // vitest.setup-web.ts clears what a file leaves in the shared document and toast store.
          isolate: false,
          setupFiles: ['./vitest.setup-web.ts'],
        },
      },
    ],
  },
});
