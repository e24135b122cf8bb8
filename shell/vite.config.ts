import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, mergeConfig, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { federation } from '@module-federation/vite';
import { SHARED_SINGLETONS } from '../packages/federation-config/shared';
import { layeredUtilities } from '../packages/federation-config/layered-utilities';
import { deferAppStart } from '../packages/federation-config/defer-app-start';
import {
  emitSharedModuleMap,
  serverBuildConfig,
  sharedRuntimeInputs,
} from '../packages/federation-config/server-build';

const uiDir = fileURLToPath(new URL('../packages/ui', import.meta.url));

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
      deferAppStart(),
    ],
    server: {
      port: 5173,
      strictPort: true,
      proxy: {
        '/api': 'http://localhost:3000',
        '/uploads': 'http://localhost:3000',
        '/remotes-manifest.json': 'http://localhost:3000',
      },
    },
    build: { target: 'es2022' },
  };
});
