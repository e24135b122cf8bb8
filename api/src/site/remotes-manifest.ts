import path from 'node:path';
import {
  REMOTE_FOLDERS,
  type RemoteName,
  type RemoteOverrides,
  type RemotesManifest,
} from '@agency/contracts';
import type { Env } from '../env';
import type { AppContext } from '../app-context';
import { currentVersions, type ReleaseState } from '../releases/release-state';

const ENV_KEYS: Record<RemoteName, keyof Env> = {
  mf_marketing: 'REMOTE_MF_MARKETING_URL',
  mf_content: 'REMOTE_MF_CONTENT_URL',
  mf_contact: 'REMOTE_MF_CONTACT_URL',
  mf_cms: 'REMOTE_MF_CMS_URL',
};

/**
 * What follows from the current release state and never from the request: the manifest of the
 * current releases, computed once per state (a release, a rollback or a canary makes a new one).
 * `derive` adds whatever else is per release (the security headers' CSP sources, see app.ts).
 */
export function releaseView<T>(
  ctx: Pick<AppContext, 'env' | 'releases'>,
  derive: (manifest: RemotesManifest) => T,
): () => { state: ReleaseState; manifest: RemotesManifest; derived: T } {
  let last: { state: ReleaseState; manifest: RemotesManifest; derived: T } | undefined;
  return () => {
    const state = ctx.releases.state();
    if (last?.state === state) return last;
    const manifest = buildRemotesManifest(ctx, { state });
    last = { state, manifest, derived: derive(manifest) };
    return last;
  };
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
  return Object.assign(currentVersions(state), ...layers) as RemoteOverrides;
}

/**
 * Where each remote's entry lives, in order of precedence: an environment override, a staff preview's
 * version, the current release in the release store, else the locally built remote.
 */
export function buildRemotesManifest(
  { env, releases: store }: Pick<AppContext, 'env' | 'releases'>,
  opts: { overrides?: RemoteOverrides; state?: ReleaseState } = {},
): RemotesManifest {
  const releases = opts.state ?? store.state();
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
  { env, releases }: Pick<AppContext, 'env' | 'releases'>,
  remote: RemoteName,
  versions?: RemoteOverrides,
): ServerBuildLocation | undefined {
  const override = env[ENV_KEYS[remote]];
  if (typeof override === 'string' && override) return undefined;
  const folder = REMOTE_FOLDERS[remote];
  // The same look at the release state the page's manifest took: server HTML and browser code agree.
  const released = versions ? versions[remote] : releases.state().remotes[remote]?.current;
  return released
    ? { ...releases.serverBuild(remote, released), version: released }
    : { file: path.join(env.SITE_ROOT, folder, 'dist', 'server', 'entry-server.js'), version: 'local' };
}
