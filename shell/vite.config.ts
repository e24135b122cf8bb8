import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { federation } from '@module-federation/vite';
import { SHARED_SINGLETONS } from '../packages/federation-config/shared';
import { layeredUtilities } from '../packages/federation-config/layered-utilities';

export default defineConfig({
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
});
