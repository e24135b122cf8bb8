import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, mergeConfig, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { federation } from '@module-federation/vite';
import { SHARED_SINGLETONS } from '../packages/federation-config/shared.ts';
import { layeredUtilities } from '../packages/federation-config/layered-utilities.ts';
import { mergeSharedChunks } from '../packages/federation-config/merge-chunks.ts';
import { deferAppStart } from '../packages/federation-config/defer-app-start.ts';
import {
  emitSharedModuleMap,
  serverBuildConfig,
  sharedRuntimeInputs,
} from '../packages/federation-config/server-build.ts';

const uiDir = fileURLToPath(new URL('../packages/ui', import.meta.url));
/** The API the dev server proxies to (scripts/dev.mjs sets it when PORT moves the servers). */
const api = process.env['DEV_API_URL'] || 'http://localhost:3000';

export default defineConfig(({ isSsrBuild }): UserConfig => {
  if (isSsrBuild) {
    // The server entry, plus the shared runtime modules every server build resolves to.
    const ui = JSON.parse(readFileSync(`${uiDir}/package.json`, 'utf8')) as {
      exports: Record<string, string>;
    };
    const shared = sharedRuntimeInputs(ui, uiDir);
    return mergeConfig(serverBuildConfig('src/entry-server.tsx', shared.inputs), {
      plugins: [emitSharedModuleMap(shared.map)],
    });
  }
  return {
    plugins: [
      react(),
      tailwindcss(),
      layeredUtilities(),
      federation({
        name: 'shell',
        // Remotes are registered at runtime from /remotes-manifest.json (see src/federation/remote-registry.ts);
        // nothing about their location is baked into this build.
        remotes: {},
        shared: SHARED_SINGLETONS,
        shareStrategy: 'loaded-first',
        dts: false,
        dev: { remoteHmr: true },
        // Remotes reuse this runtime (experiments.externalRuntime) instead of downloading their own.
        experiments: { provideExternalRuntime: true },
      }),
      mergeSharedChunks(fileURLToPath(new URL('./src/main.tsx', import.meta.url))),
      // The toaster's code comes with the first toast (src/layout/lazy-toaster.tsx), the answer readers
      // (zod/mini) with the first answer the browser fetches itself (packages/ui/src/load-readers.ts).
      deferAppStart(
        /packages[\\/](ui[\\/]src[\\/]toast[\\/]toaster\.tsx|contracts[\\/]src[\\/]readers\.ts)$/,
      ),
    ],
    // `npm run dev` with PORT moves the dev servers (scripts/dev.mjs): this one and the API it proxies.
    server: {
      port: Number(process.env['DEV_SERVER_PORT']) || 5173,
      strictPort: true,
      proxy: {
        '/api': api,
        '/uploads': api,
        '/remotes-manifest.json': api,
      },
    },
    build: { target: 'es2022' },
  };
});
