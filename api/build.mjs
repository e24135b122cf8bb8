#!/usr/bin/env node
// Compiles the API for production: src/server.ts and everything it imports into one ES module,
// dist/server.js (with a source map), which plain `node` runs. The workspace packages (@agency/*,
// TypeScript sources) are bundled in; every other package stays an import resolved from
// node_modules at run time, so native and dynamically imported packages (pg, PGlite, sharp…) work as
// installed. dist/server.js sits as deep below the repository root as src/env.ts does, so paths
// derived from import.meta.url (REPO_ROOT) are the same compiled or not; resolve-hook.mjs, which Node
// loads by URL beside the module that registers it, is copied next to it.
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const dir = new URL('./', import.meta.url);
const dist = new URL('dist/', dir);

/**
 * `out`: another folder of api/ for the bundle (the tests' servers: test-support/server-bundle.ts);
 * it must sit one level below api/, as dist/ does.
 */
export async function buildApi(out = dist) {
  const started = Date.now();
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  await build({
    absWorkingDir: fileURLToPath(new URL('.', dir)),
    entryPoints: ['src/server.ts'],
    outfile: fileURLToPath(new URL('server.js', out)),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [
      {
        name: 'packages-from-node-modules',
        setup(b) {
          // Bare imports other than the workspace's own packages are left to Node.
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@agency/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
  copyFileSync(new URL('src/site/render/resolve-hook.mjs', dir), new URL('resolve-hook.mjs', out));
  return Date.now() - started;
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  const ms = await buildApi();
  console.log(`built api in ${(ms / 1000).toFixed(1)} s`);
}
