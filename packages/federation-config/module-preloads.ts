import type { Plugin } from 'vite';
import { exposedName } from './exposed-modules';
import { REMOTE_PRELOADS_FILE, type RemotePreloads } from '../contracts/src/page-data';

interface ChunkLike {
  type: 'chunk';
  fileName: string;
  imports: string[];
  dynamicImports: string[];
  facadeModuleId: string | null;
}

function closure(bundle: Record<string, ChunkLike | { type: 'asset' }>, start: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    const chunk = bundle[file];
    if (seen.has(file) || !chunk || chunk.type !== 'chunk') return;
    seen.add(file);
    for (const dep of chunk.imports) visit(dep);
  };
  visit(start);
  return [...seen];
}

/** The preload map of a remote's browser build (see RemotePreloads). */
export function remotePreloads(
  bundle: Record<string, ChunkLike | { type: 'asset' }>,
  entryFile = 'remoteEntry.js',
): RemotePreloads {
  const modules: Record<string, string[]> = {};
  const exposeChunks = new Set<string>();
  for (const chunk of Object.values(bundle)) {
    if (chunk.type !== 'chunk' || !chunk.facadeModuleId) continue;
    const m = /[\\/]src[\\/]exposes[\\/]([^\\/]+\.[jt]sx?)$/.exec(chunk.facadeModuleId);
    if (!m) continue;
    modules[exposedName(m[1]!)] = closure(bundle, chunk.fileName);
    exposeChunks.add(chunk.fileName);
  }
  // remoteEntry.js imports its runtime statically and its shared-module map on start (dynamically);
  // the other dynamic imports are the exposed modules (listed per module) and the shared modules'
  // fallbacks (`__prebuild__`, unused while the shell provides them).
  const root = bundle[entryFile];
  const started =
    root?.type === 'chunk'
      ? root.dynamicImports.filter((f) => !exposeChunks.has(f) && !/__prebuild__/.test(f))
      : [];
  const entry = [...new Set([entryFile, ...started].flatMap((f) => closure(bundle, f)))].filter(
    (f) => f !== entryFile,
  );
  return { entry, modules };
}

/**
 * Vite plugin (remote browser builds): writes REMOTE_PRELOADS_FILE, so the server can list the route's own
 * scripts in the page and the browser fetches them in one parallel batch instead of discovering them
 * one import level at a time (remoteEntry → its runtime → the module → the module's chunks).
 */
export function emitModulePreloads(): Plugin {
  return {
    name: 'agency:module-preloads',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const preloads = remotePreloads(bundle as unknown as Record<string, ChunkLike | { type: 'asset' }>);
      this.emitFile({ type: 'asset', fileName: REMOTE_PRELOADS_FILE, source: JSON.stringify(preloads) });
    },
  };
}
