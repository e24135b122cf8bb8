import { readdirSync } from 'node:fs';
import path from 'node:path';
import { defineConfig, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { federation } from '@module-federation/vite';
import { SHARED_SINGLETONS } from './shared.ts';
import { layeredUtilities } from './layered-utilities.ts';
import { exposedName } from './exposed-modules.ts';
import { serverBuildConfig } from './server-build.ts';
import { emitModulePreloads } from './module-preloads.ts';
import { mergeRemoteChunks } from './merge-chunks.ts';
import { publishPages } from './publish-pages.ts';
import type { RemotePage } from '@agency/contracts/site-routes';

interface RemoteOptions {
  /** Federation name, e.g. mf_contact. */
  name: string;
  /** Dev server port. */
  port: number;
  /** The pages the remote serves (its `src/pages.ts`), published as `pages.json` beside its entry. */
  pages: readonly RemotePage[];
}

/** `./<Name>` → `./src/exposes/<file>` for every file in the remote's `src/exposes/`. */
function exposesOf(root: string): Record<string, string> {
  const dir = path.join(root, 'src', 'exposes');
  return Object.fromEntries(
    readdirSync(dir)
      .filter((f) => /\.tsx?$/.test(f))
      .sort()
      .map((f) => [`./${exposedName(f)}`, `./src/exposes/${f}`]),
  );
}

/**
 * Vite config every remote uses. Browser build: relative base so a build can be served from any path
 * or origin. Server build (`vite build --ssr`): `src/entry-server.tsx` → `dist/server/`.
 */
export function remoteViteConfig({ name, port, pages }: RemoteOptions) {
  // `npm run dev` with PORT moves every dev server (scripts/dev.mjs): this one's port comes with it.
  const devPort = Number(process.env['DEV_SERVER_PORT']) || port;
  return defineConfig(({ isSsrBuild }): UserConfig => {
    if (isSsrBuild) return serverBuildConfig();
    // `vite build --watch` (npm run dev) must not rebuild on its own output.
    const watching = process.argv.includes('--watch') || process.argv.includes('-w');
    const exposes = exposesOf(process.cwd());
    return {
      base: './',
      plugins: [
        react(),
        tailwindcss(),
        layeredUtilities(),
        federation({
          name,
          filename: 'remoteEntry.js',
          exposes,
          shared: SHARED_SINGLETONS,
          shareStrategy: 'loaded-first',
          dts: false,
          dev: { remoteHmr: true },
          // Use the shell's federation runtime instead of shipping a second copy (~20 KB compressed).
          experiments: { externalRuntime: true },
        }),
        mergeRemoteChunks(
          Object.values(exposes).map((f) => path.resolve(process.cwd(), f)),
          path.resolve(process.cwd(), 'src') + path.sep,
        ),
        emitModulePreloads(),
        publishPages(
          pages,
          Object.keys(exposes).map((k) => k.slice(2)),
        ),
      ],
      server: { port: devPort, strictPort: true, origin: `http://localhost:${devPort}`, cors: true },
      preview: { port: devPort, strictPort: true },
      build: {
        target: 'es2022',
        modulePreload: false,
        ...(watching ? { watch: { exclude: ['dist/**', 'node_modules/**'] } } : {}),
      },
    };
  });
}
