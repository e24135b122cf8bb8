import path from 'node:path';
import { readFileSync, statSync } from 'node:fs';
import type { RemoteName, RemotesManifest } from '@agency/contracts';
import type { Env } from '../env';

/** Folder names of the remotes' workspaces, by federation name. */
export const REMOTE_FOLDERS: Record<RemoteName, string> = {
  mf_marketing: 'mf-marketing',
  mf_content: 'mf-content',
  mf_contact: 'mf-contact',
  mf_cms: 'mf-cms',
};

const ENV_KEYS: Record<RemoteName, keyof Env> = {
  mf_marketing: 'REMOTE_MF_MARKETING_URL',
  mf_content: 'REMOTE_MF_CONTENT_URL',
  mf_contact: 'REMOTE_MF_CONTACT_URL',
  mf_cms: 'REMOTE_MF_CMS_URL',
};

/** What `npm run release` writes: the current version of each released remote and its history. */
export interface ReleaseState {
  remotes: Partial<Record<RemoteName, { current: string; history: string[] }>>;
}

export const releaseStatePath = (env: Env) => path.join(env.RELEASES_DIR, 'release-state.json');

let cache: { file: string; mtimeMs: number; state: ReleaseState } | undefined;

/** Reads the release store's state; re-read only when the file changes (a release renames it in place). */
export function readReleaseState(env: Env): ReleaseState {
  const file = releaseStatePath(env);
  try {
    const { mtimeMs } = statSync(file);
    if (cache && cache.file === file && cache.mtimeMs === mtimeMs) return cache.state;
    const state = JSON.parse(readFileSync(file, 'utf8')) as ReleaseState;
    cache = { file, mtimeMs, state };
    return state;
  } catch {
    return { remotes: {} };
  }
}

/**
 * Where each remote's entry lives, in order of precedence: an environment override, the current
 * release in the release store, else the locally built remote.
 */
export function buildRemotesManifest(env: Env): RemotesManifest {
  const releases = readReleaseState(env);
  const base = env.RELEASES_BASE_URL.replace(/\/+$/, '');
  const remotes = {} as RemotesManifest['remotes'];
  for (const name of Object.keys(REMOTE_FOLDERS) as RemoteName[]) {
    const folder = REMOTE_FOLDERS[name];
    const override = env[ENV_KEYS[name]];
    const released = releases.remotes[name]?.current;
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
