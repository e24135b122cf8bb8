import type { Plugin } from 'vite';

interface Group {
  name?: unknown;
  debugName?: unknown;
  [key: string]: unknown;
}
interface ModuleInfoLike {
  importedIds: readonly string[];
}
interface ChunkingContextLike {
  getModuleInfo(id: string): ModuleInfoLike | null;
}
type NameFn = (id: string, ctx: ChunkingContextLike) => string | null | undefined;

/** Chunk of the shell that holds the shared singletons (the name keeps the plugin's `__loadShare__` tag). */
const VENDOR_CHUNK = 'vendor__loadShare__';
/** Chunk of the shell that holds the federation runtime and its small start-up modules. */
const RUNTIME_CHUNK = 'mf-runtime';

/**
 * Which of the shell's chunks a module goes to (`undefined`: where @module-federation/vite puts it).
 * - Every shared module's `__loadShare__` wrapper, with the library it provides (react, react-dom with
 *   the scheduler, react-query, zustand, the shared @agency/ui modules), and the router and the other
 *   libraries the app imports: one vendor chunk. On the host those wrappers have no top-level await;
 *   they only register what the shell itself provides, in the order the chunk evaluates them.
 * - The federation runtime, the shared-module map, the pending-shares preloader, Vite's preload helper
 *   and rolldown's runtime helpers: one runtime chunk.
 * The plugin's own entries (hostInit, the remoteEntry, the bootstrap) stay files of their own, as does
 * the app (it must not run before the federation is initialised).
 */
/** What every build's runtime chunk takes: Vite's preload helper, the federation runtime, its shared map. */
const RUNTIME_MODULE =
  /vite[\\/]preload-helper|node_modules[\\/]@module-federation[\\/]|virtual:mf-localSharedImportMap/;

export function shellChunkOf(
  id: string,
  federationName: string | null | undefined,
  startsWithApp: (id: string) => boolean,
): string | undefined {
  if (federationName?.includes('__loadShare__')) return VENDOR_CHUNK;
  if (federationName) return undefined;
  if (RUNTIME_MODULE.test(id) || /^\0?rolldown[\\/]runtime|pendingShares/.test(id)) return RUNTIME_CHUNK;
  // The shared @agency/ui modules the shell provides to the remotes.
  if (/packages[\\/]ui[\\/]src[\\/](router|remote[\\/]remote-module|toast[\\/]toast-store)\.tsx?$/.test(id))
    return VENDOR_CHUNK;
  // Libraries the app needs to start (what it imports lazily stays lazy).
  if ((/node_modules[\\/]/.test(id) || /packages[\\/]ui[\\/]src[\\/]/.test(id)) && startsWithApp(id))
    return VENDOR_CHUNK;
  return undefined;
}

/** Whether a module is in the static import graph of the app's entry module (`appEntry` test). */
function staticReach(ctx: ChunkingContextLike, entryIds: string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...entryIds];
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    for (const dep of ctx.getModuleInfo(id)?.importedIds ?? [])
      if (!FEDERATION_MODULE.test(dep)) stack.push(dep);
  }
  return seen;
}

/**
 * Vite plugin (browser build of the shell): a handful of files instead of one per shared library.
 * @module-federation/vite puts each shared module's wrapper in a chunk of its own and keeps its groups
 * above any user group; this re-maps the names its group gives (see shellChunkOf).
 */
export function mergeSharedChunks(appEntry: string): Plugin {
  let reach: Set<string> | undefined;
  return renameFederationChunks((id, name, ctx) => {
    reach ??= staticReach(ctx, [appEntry]);
    return shellChunkOf(id, name, (m) => reach!.has(m));
  });
}

/** Federation modules (wrappers, fallbacks, virtual modules): never followed into by staticReach. */
const FEDERATION_MODULE = /__loadShare__|__prebuild__|virtual:mf|virtual_mf|^\0/;

/**
 * Which of a remote's chunks a module goes to (`undefined`: where @module-federation/vite puts it).
 * - The shared-cache helpers, the shared-module map, the runtime shim (externalRuntime), Vite's preload
 *   helper: one runtime chunk, what remoteEntry.js needs to start.
 * - The app's modules (its own and libraries) that most exposed modules import statically (at least
 *   three in four, and two): one `common` chunk, instead of one small chunk for each set of pages that
 *   shares a module; so do the remote's own modules (its `src/`) that two pages or more import. A
 *   library only some pages use (the rich-text sanitiser of the content remote) stays out of the
 *   pages that do not.
 * The shared modules' wrappers and fallbacks keep the chunks the federation plugin gives them.
 */
export function remoteChunkOf(
  id: string,
  federationName: string | null | undefined,
  pagesReaching: (id: string) => number,
  pageCount: number,
  ownSource = '',
  dependencies: (id: string) => Iterable<string> = () => [],
): string | undefined {
  if (federationName?.endsWith('__loadShare__shared')) return RUNTIME_CHUNK;
  if (federationName) return undefined;
  if (RUNTIME_MODULE.test(id)) return RUNTIME_CHUNK;
  if (FEDERATION_MODULE.test(id)) return undefined;
  if (pageCount < 2) return undefined;
  const most = (m: string) => pagesReaching(m) >= Math.ceil(pageCount * 0.75);
  const own = (m: string) => !!ownSource && m.startsWith(ownSource) && !/node_modules/.test(m);
  if (most(id)) return 'common';
  // An own module two pages share, unless it brings a library the other pages do not need with it.
  if (pagesReaching(id) >= 2 && own(id) && [...dependencies(id)].every((d) => own(d) || most(d)))
    return 'common';
  return undefined;
}

/** Vite plugin (browser build of a remote; `exposes`: the exposed modules' files): see remoteChunkOf. */
export function mergeRemoteChunks(exposes: string[], ownSource: string): Plugin {
  let count: Map<string, number> | undefined;
  return renameFederationChunks((id, name, ctx) => {
    if (!count) {
      count = new Map();
      for (const expose of exposes)
        for (const m of staticReach(ctx, [expose])) count.set(m, (count.get(m) ?? 0) + 1);
    }
    return remoteChunkOf(
      id,
      name,
      (m) => count!.get(m) ?? 0,
      exposes.length,
      ownSource,
      (m) => staticReach(ctx, [m]),
    );
  });
}

type ChunkOf = (
  id: string,
  federationName: string | null | undefined,
  ctx: ChunkingContextLike,
) => string | undefined;

/**
 * @module-federation/vite puts each shared module's wrapper in a chunk of its own and keeps its groups
 * above any user group; this re-maps the names its group gives (`chunkOf`), and lets Vite's preload
 * helper go where `chunkOf` puts it instead of its own chunk.
 */
function renameFederationChunks(chunkOf: ChunkOf): Plugin {
  return {
    name: 'agency:merge-shared-chunks',
    apply: 'build',
    enforce: 'post',
    outputOptions(options) {
      const cs = (options as { codeSplitting?: { groups?: Group[] } }).codeSplitting;
      const groups = cs && typeof cs === 'object' ? cs.groups : undefined;
      if (!groups) return null;
      // Vite's preload helper has a group of its own above the federation's: it goes with the runtime.
      const own = groups.findIndex((g) => g.name === 'vite-preload-helper');
      if (own >= 0) groups.splice(own, 1);
      for (const group of groups) {
        if (typeof group.name !== 'function' || group.debugName !== 'module-federation') continue;
        const original = group.name as NameFn;
        group.name = (id: string, ctx: ChunkingContextLike) => {
          const name = original(id, ctx);
          return chunkOf(id, name, ctx) ?? name;
        };
      }
      return options;
    },
  };
}
