import path from 'node:path';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import * as nodeModule from 'node:module';
import { pathToFileURL } from 'node:url';
import { REMOTE_FOLDERS, type RemoteName, type RemoteOverrides } from '@agency/contracts';
import { REPO_ROOT, type Env } from '../../env';
import type { AppContext } from '../../app-context';
import { serverBuildOf } from '../remotes-manifest';
import { releaseCacheDir } from '../../releases/active-release-store';
import { resolveShared, type SharedResolution } from './resolve-hook.mjs';
import { unsharedSingletons, type RemoteServerBuild, type ShellServerBuild } from './server-build-contract';
import { REMOTE_PRELOADS_FILE, type RemotePreloads } from '@agency/contracts';

export interface LoadedRemote {
  version: string;
  entry: RemoteServerBuild;
  /** The browser build's stylesheets, relative to the remote's base URL (`assets/x.css`). */
  css: string[];
  /**
   * The browser build's scripts, relative to the remote's base URL: those remoteEntry.js starts with,
   * and per exposed module those it needs (REMOTE_PRELOADS_FILE, written by packages/federation-config/module-preloads.ts).
   * Empty for a build made before that file existed.
   */
  scripts: RemotePreloads;
}

/** The paths of `v` that stay inside the build's folder (`assets/x.js`); anything else is dropped. */
const relativeFiles = (v: unknown): string[] =>
  Array.isArray(v)
    ? v.filter(
        (f): f is string => typeof f === 'string' && /^[\w./-]+$/.test(f) && !f.split('/').includes('..'),
      )
    : [];

/** The script preloads of the browser build beside a server build (`<build>/server/` ↔ `<build>/preloads.json`). */
function scriptsBeside(serverEntry: string): LoadedRemote['scripts'] {
  const none = { entry: [], modules: {} };
  try {
    const file = path.join(path.dirname(path.dirname(serverEntry)), REMOTE_PRELOADS_FILE);
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as { entry?: unknown; modules?: unknown };
    const modules = Object.fromEntries(
      Object.entries((parsed.modules ?? {}) as Record<string, unknown>).map(([k, v]) => [
        k,
        relativeFiles(v),
      ]),
    );
    return { entry: relativeFiles(parsed.entry), modules };
  } catch {
    return none;
  }
}

/** Stylesheets of the browser build beside a server build (`<build>/server/` ↔ `<build>/assets/`). */
function stylesheetsBeside(serverEntry: string): string[] {
  try {
    const assets = path.join(path.dirname(path.dirname(serverEntry)), 'assets');
    return readdirSync(assets)
      .filter((f) => f.endsWith('.css'))
      .sort()
      .map((f) => `assets/${f}`);
  } catch {
    return [];
  }
}

const mtime = (file: string) => statSync(file).mtimeMs;

let resolverRegistered = false;

/** node:module's registerHooks (not in Node 20's types), as far as it is used here. */
type RegisterHooks = (hooks: {
  resolve: (
    specifier: string,
    context: { parentURL?: string | undefined },
    nextResolve: (specifier: string, context: { parentURL?: string | undefined }) => { url: string },
  ) => { url: string; shortCircuit?: boolean };
}) => unknown;

/**
 * Once per process: server builds resolve their bare imports (react, the router, the shared stores…)
 * to the host's single copy, wherever the build lies on disk (see resolve-hook.mjs).
 */
function registerResolver(env: Env, shellServerDir: string) {
  if (resolverRegistered) return;
  const map = JSON.parse(readFileSync(path.join(shellServerDir, 'shared-modules.json'), 'utf8')) as Record<
    string,
    string
  >;
  const shared = Object.fromEntries(
    Object.entries(map).map(([specifier, file]) => [
      specifier,
      pathToFileURL(path.join(shellServerDir, file)).href,
    ]),
  );
  const dir = (p: string) => pathToFileURL(p).href.replace(/\/?$/, '/');
  const config: SharedResolution = {
    shared,
    host: pathToFileURL(path.join(REPO_ROOT, 'api', 'package.json')).href,
    roots: [
      dir(env.RELEASES_DIR),
      dir(releaseCacheDir(env)),
      ...['shell', ...Object.values(REMOTE_FOLDERS)].map((f) =>
        dir(path.join(env.SITE_ROOT, f, 'dist', 'server')),
      ),
    ],
  };
  // module.registerHooks (Node 22.15, 23.5 and later): synchronous hooks in this thread, no loader
  // thread, and not module.register, which Node deprecates (DEP0205). Node 20 has only register.
  const { registerHooks } = nodeModule as unknown as { registerHooks?: RegisterHooks };
  if (registerHooks) {
    registerHooks({
      resolve: (specifier, context, nextResolve) => resolveShared(config, specifier, context, nextResolve),
    });
  } else {
    nodeModule.register(new URL('./resolve-hook.mjs', import.meta.url), { data: config });
  }
  resolverRegistered = true;
}

/**
 * The server builds a page render uses: the shell's, and each remote's current release (or local
 * build). Node never unloads a module, so each version is imported once and kept; a version that fails
 * to import stays failed (a fixed release is a new version), and the failure is logged once.
 */
export function serverBuilds(app: Pick<AppContext, 'env' | 'releases' | 'log'>) {
  const { env, log } = app;
  const shellDir = path.join(env.SITE_ROOT, 'shell', 'dist', 'server');
  const imported = new Map<string, Promise<unknown>>();
  /** What a version's browser build has beside its server build: read once per version. */
  const beside = new Map<string, Pick<LoadedRemote, 'css' | 'scripts'>>();
  const refused = new Set<string>();

  const load = <T>(file: string, stamp: string | number, label: string): Promise<T> => {
    const url = `${pathToFileURL(file).href}?v=${encodeURIComponent(String(stamp))}`;
    let p = imported.get(url);
    if (!p) {
      p = import(url);
      p.catch((err: unknown) =>
        log.error({ err, build: label }, 'server build failed to load; rendering in the browser'),
      );
      imported.set(url, p);
    }
    return p as Promise<T>;
  };

  /** Logs a reason a build is not used, once per build. */
  const refuse = (key: string, fields: object, message: string) => {
    if (refused.has(key)) return;
    refused.add(key);
    log.warn(fields, message);
  };

  /** The shell's server entry, or undefined when the shell has no server build (then no server render). */
  async function shell(): Promise<ShellServerBuild | undefined> {
    const file = path.join(shellDir, 'entry-server.js');
    let stamp: number;
    try {
      stamp = mtime(file);
      registerResolver(env, shellDir);
    } catch {
      return undefined;
    }
    return load<ShellServerBuild>(file, stamp, 'shell').catch(() => undefined);
  }

  return {
    shell,

    /**
     * A remote's server build: the version `versions` (a request's map, see requestVersions) names,
     * else its current one; undefined when it is missing or broken.
     */
    async remote(name: RemoteName, versions?: RemoteOverrides): Promise<LoadedRemote | undefined> {
      const where = serverBuildOf(app, name, versions);
      if (!where) return undefined;
      let stamp: string | number = where.version;
      try {
        await where.prepare?.();
        if (where.version === 'local') stamp = mtime(where.file);
        else statSync(where.file);
      } catch {
        refuse(
          `${where.file}?missing`,
          { remote: name, version: where.version },
          'remote has no server build; rendering it in the browser',
        );
        return undefined;
      }
      const key = `${where.file}?${stamp}`;
      try {
        const entry = await load<RemoteServerBuild>(where.file, stamp, `${name}@${where.version}`);
        if (!entry || typeof entry.modules !== 'object') throw new Error('not a remote server entry');
        const host = await shell();
        const unshared = host ? unsharedSingletons(host, entry) : [];
        if (unshared.length) {
          refuse(
            key,
            { remote: name, version: where.version, unshared },
            'server build carries its own copy of shared singletons; rendering it in the browser',
          );
          return undefined;
        }
        let files = beside.get(key);
        if (!files) {
          files = { css: stylesheetsBeside(where.file), scripts: scriptsBeside(where.file) };
          beside.set(key, files);
        }
        return { version: where.version, entry, ...files };
      } catch {
        return undefined;
      }
    },
  };
}
