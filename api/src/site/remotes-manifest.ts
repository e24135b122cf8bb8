import path from 'node:path';
import { readFileSync, statSync } from 'node:fs';
import {
  RELEASE_VERSION_PATTERN,
  REMOTE_FOLDERS,
  type RemoteName,
  type RemoteOverrides,
  type RemotesManifest,
} from '@agency/contracts';
import type { Env } from '../env';
import { diskStateFile, isStoredOnDisk } from '../releases/disk-release-store';

const ENV_KEYS: Record<RemoteName, keyof Env> = {
  mf_marketing: 'REMOTE_MF_MARKETING_URL',
  mf_content: 'REMOTE_MF_CONTENT_URL',
  mf_contact: 'REMOTE_MF_CONTACT_URL',
  mf_cms: 'REMOTE_MF_CMS_URL',
};

/** What `npm run release` writes: the current version of each released remote and its history. */
export interface ReleaseState {
  remotes: Partial<
    Record<
      RemoteName,
      {
        current: string;
        history: string[];
        /** `npm run promote -- <remote> <version> --percent N`: `version` for N % of visitors (site/canary.ts). */
        canary?: { version: string; percent: number };
      }
    >
  >;
}

export const releaseStatePath = (env: Env) => diskStateFile(env.RELEASES_DIR);

/** Where an instance keeps the server builds of releases it fetched from the database. */
export const releaseCacheDir = (env: Env) => path.join(env.DATA_DIR, 'release-cache');

/**
 * Where the releases come from when they are not on disk (the database, see releases/): the current
 * state, and where a release's server build is put for Node to import.
 */
export interface ReleaseSource {
  state(): ReleaseState;
  serverBuild(remote: RemoteName, version: string): { file: string; prepare: () => Promise<void> };
  /** Whether `remote@version` is stored (released or staged). */
  hasVersion(remote: RemoteName, version: string): Promise<boolean>;
  /** Reads the state again now (after a switch this instance made), resolved once it is read. */
  refresh?(): Promise<void>;
}

const sources = new WeakMap<Env, ReleaseSource>();

/** Serves the app configured by `env` its releases from `source` instead of RELEASES_DIR. */
export function setReleaseSource(env: Env, source: ReleaseSource) {
  sources.set(env, source);
}

export const releaseSourceOf = (env: Env) => sources.get(env);

let cache: { file: string; mtimeMs: number; state: ReleaseState; checkedAt: number } | undefined;

/** How long a non-document request may reuse the last look at the release state. */
const RECHECK_MS = 1000;

/**
 * Reads the release store's state; re-read only when the file changes (a release renames it in place).
 * `fresh` (page loads, the manifest) always looks at the file, so a release shows at the next page
 * load; other requests reuse the last look for up to a second instead of a stat per request.
 */
export function readReleaseState(env: Env, { fresh = true } = {}): ReleaseState {
  const source = sources.get(env);
  if (source) return source.state();
  const file = releaseStatePath(env);
  if (!fresh && cache && cache.file === file && Date.now() - cache.checkedAt < RECHECK_MS) return cache.state;
  try {
    const { mtimeMs } = statSync(file);
    if (cache && cache.file === file && cache.mtimeMs === mtimeMs) {
      cache.checkedAt = Date.now();
      return cache.state;
    }
    const state = JSON.parse(readFileSync(file, 'utf8')) as ReleaseState;
    cache = { file, mtimeMs, state, checkedAt: Date.now() };
    return state;
  } catch {
    cache = { file, mtimeMs: -1, state: { remotes: {} }, checkedAt: Date.now() };
    return cache.state;
  }
}

/**
 * The version of each released remote one request gets, from one look at the release state: the
 * current release, then the visitor's canary draws, then a staff preview's. The page's manifest, its
 * server builds and its metrics label all take them from here, so they agree even when a release lands
 * mid-request. A remote missing from the map serves its local build.
 */
export function requestVersions(
  state: ReleaseState,
  ...layers: (RemoteOverrides | undefined)[]
): RemoteOverrides {
  const versions: RemoteOverrides = {};
  for (const [name, entry] of Object.entries(state.remotes) as [RemoteName, { current?: string }][])
    if (entry?.current) versions[name] = entry.current;
  return Object.assign(versions, ...layers);
}

/** Whether `remote@version` is stored in the release store (the database's, else RELEASES_DIR). */
export async function isStoredRelease(env: Env, remote: RemoteName, version: string): Promise<boolean> {
  if (!RELEASE_VERSION_PATTERN.test(version)) return false;
  const source = sources.get(env);
  if (source) return source.hasVersion(remote, version);
  return isStoredOnDisk(env.RELEASES_DIR, remote, version);
}

/**
 * Where each remote's entry lives, in order of precedence: an environment override, a staff preview's
 * version, the current release in the release store, else the locally built remote.
 */
export function buildRemotesManifest(
  env: Env,
  opts: { fresh?: boolean; overrides?: RemoteOverrides; state?: ReleaseState } = {},
): RemotesManifest {
  const releases = opts.state ?? readReleaseState(env, opts);
  const base = env.RELEASES_BASE_URL.replace(/\/+$/, '');
  const remotes = {} as RemotesManifest['remotes'];
  for (const name of Object.keys(REMOTE_FOLDERS) as RemoteName[]) {
    const folder = REMOTE_FOLDERS[name];
    const override = env[ENV_KEYS[name]];
    // A staff preview's version (checked to be stored before), else the current release.
    const released = opts.overrides?.[name] ?? releases.remotes[name]?.current;
    remotes[name] = {
      entry:
        typeof override === 'string' && override
          ? override
          : released
            ? `${base}/${folder}/${released}/remoteEntry.js`
            : `/remotes/${folder}/remoteEntry.js`,
    };
  }
  return { remotes };
}

/** Where a remote's server build lies now, and the version it belongs to. */
export interface ServerBuildLocation {
  file: string;
  /** The release version, or `local` for the locally built remote. */
  version: string;
  /** Puts the file in place first (a release stored in the database); absent: it is on disk already. */
  prepare?: () => Promise<void>;
}

/**
 * The server build of the version the manifest serves to browsers (the same precedence), so server
 * HTML and browser code are one version. `versions`: the request's whole map (requestVersions), in
 * which a missing remote is the local build; without it, the current release. A remote pointed
 * elsewhere by REMOTE_*_URL has no server build here: its region is rendered in the browser.
 */
export function serverBuildOf(
  env: Env,
  remote: RemoteName,
  versions?: RemoteOverrides,
): ServerBuildLocation | undefined {
  const override = env[ENV_KEYS[remote]];
  if (typeof override === 'string' && override) return undefined;
  const folder = REMOTE_FOLDERS[remote];
  // The same look at the release state the page's manifest took: server HTML and browser code agree.
  const released = versions ? versions[remote] : readReleaseState(env).remotes[remote]?.current;
  const source = sources.get(env);
  if (source && released) return { ...source.serverBuild(remote, released), version: released };
  return released
    ? { file: path.join(env.RELEASES_DIR, folder, released, 'server', 'entry-server.js'), version: released }
    : { file: path.join(env.SITE_ROOT, folder, 'dist', 'server', 'entry-server.js'), version: 'local' };
}
