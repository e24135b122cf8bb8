import { defineConfig, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { federation } from '@module-federation/vite';
import { SHARED_SINGLETONS } from './shared';
import { layeredUtilities } from './layered-utilities';

interface RemoteOptions {
  /** Federation name, e.g. mf_contact. */
  name: string;
  /** Exposed module name → source file. */
  exposes: Record<string, string>;
  /** Dev server port. */
  port: number;
}

/** Vite config every remote uses: relative base so a build can be served from any path or origin. */
export function remoteViteConfig({ name, exposes, port }: RemoteOptions): UserConfig {
  // `vite build --watch` (npm run dev) must not rebuild on its own output.
  const watching = process.argv.includes('--watch') || process.argv.includes('-w');
  return defineConfig({
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
    ],
    server: { port, strictPort: true, origin: `http://localhost:${port}`, cors: true },
    preview: { port, strictPort: true },
    build: {
      target: 'es2022',
      modulePreload: false,
      ...(watching ? { watch: { exclude: ['dist/**', 'node_modules/**'] } } : {}),
    },
  });
}
