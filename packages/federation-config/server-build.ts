import { existsSync } from 'node:fs';
import type { Plugin, UserConfig } from 'vite';
import { SHARED_SINGLETONS } from './shared.ts';

/**
 * Imports a server build leaves to the host process, so there is one copy of each in the server: the
 * shared singletons (as in the browser) with their server-only entry points, and Node-only libraries
 * that cannot be bundled. Everything else is bundled, so a release's server build stands on its own.
 */
export const SERVER_EXTERNALS = [
  ...Object.keys(SHARED_SINGLETONS),
  'react/jsx-runtime',
  'react-dom/server',
  'react-router-dom',
  'react-router',
  'jsdom',
];

/**
 * Server builds skip stylesheets (the browser build ships them), and use `x.server.ts` in place of a
 * sibling `x.ts` where one exists (e.g. a DOM for the HTML sanitizer).
 */
function serverSwaps(): Plugin {
  return {
    name: 'agency:server-swaps',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (source.endsWith('.css')) return '\0agency-no-css';
      if (SERVER_EXTERNALS.includes(source)) return { id: source, external: true };
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      const file = resolved?.id;
      if (file && /\.tsx?$/.test(file) && !/\.server\.tsx?$/.test(file)) {
        const swap = file.replace(/\.(tsx?)$/, '.server.$1');
        if (existsSync(swap)) return swap;
      }
      return resolved;
    },
    load(id) {
      return id === '\0agency-no-css' ? 'export default {}' : undefined;
    },
  };
}

/** `vite build --ssr`: `src/entry-server.tsx` → `dist/server/entry-server.js` (ES module for Node). */
export function serverBuildConfig(
  entry = 'src/entry-server.tsx',
  extraInputs: Record<string, string> = {},
): UserConfig {
  return {
    plugins: [serverSwaps()],
    ssr: { noExternal: true, external: SERVER_EXTERNALS, target: 'node' },
    build: {
      ssr: true,
      outDir: 'dist/server',
      emptyOutDir: true,
      target: 'node20',
      minify: false,
      copyPublicDir: false,
      rollupOptions: {
        input: { 'entry-server': entry, ...extraInputs },
        // "use client" directives mean nothing to a server bundle.
        onwarn(warning, warn) {
          if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
        },
        output: { format: 'es', entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
      },
    },
  };
}

/**
 * The shell's server build also emits the shared runtime modules of @agency/ui (the ones listed as
 * singletons) as files of their own, `shared/<name>.js`, and a map from specifier to file: the server
 * resolves every server build's import of them to these files, so all remotes share one instance.
 */
export function sharedRuntimeInputs(uiPackageJson: { exports: Record<string, string> }, uiDir: string) {
  const inputs: Record<string, string> = {};
  const map: Record<string, string> = {};
  for (const specifier of Object.keys(SHARED_SINGLETONS)) {
    if (!specifier.startsWith('@agency/ui/')) continue;
    const sub = specifier.slice('@agency/ui/'.length);
    const source = uiPackageJson.exports[`./${sub}`];
    if (!source) throw new Error(`@agency/ui does not export ./${sub}`);
    inputs[`shared/${sub}`] = `${uiDir}/${source.replace(/^\.\//, '')}`;
    map[specifier] = `shared/${sub}.js`;
  }
  return { inputs, map };
}

/** Writes `shared-modules.json` beside the shell's server entry. */
export function emitSharedModuleMap(map: Record<string, string>): Plugin {
  return {
    name: 'agency:shared-module-map',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'shared-modules.json', source: JSON.stringify(map, null, 2) });
    },
  };
}
