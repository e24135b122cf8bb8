import path from 'node:path';
import type { Logger } from 'pino';
import { RELEASE_VERSION_PATTERN, type RemoteName } from '@agency/contracts';
import type { Database } from '../db/client';
import type { Env } from '../env';
import { databaseReleaseStore } from './database-release-store';
import { diskReleaseStore } from './disk-release-store';
import type { ReleaseState } from './release-state';
import type { ReleaseStore } from './release-store';

/** Where an instance keeps the server builds of releases it fetched from the database. */
export const releaseCacheDir = (env: Env) => path.join(env.DATA_DIR, 'release-cache');

/**
 * The one choice of release store, made at start: PostgreSQL when DATABASE_URL names the database
 * the app runs on (every instance then shares the releases), else the disk store in RELEASES_DIR.
 * `follow`: the server keeps the current state in memory (a release command does not).
 */
export function openReleaseStore(env: Env, database: Database, follow?: { log: Logger }): ReleaseStore {
  return env.DATABASE_URL && database.kind === 'postgres'
    ? databaseReleaseStore(database, { cacheDir: releaseCacheDir(env), follow })
    : diskReleaseStore(env.RELEASES_DIR);
}

const stores = new WeakMap<Env, ReleaseStore>();

/** Serves the app configured by `env` its releases from `store` (app.ts, once at start). */
export function setReleaseStore(env: Env, store: ReleaseStore) {
  stores.set(env, store);
}

/** The store the app configured by `env` uses: the one chosen at start, else RELEASES_DIR's. */
export function releaseStoreOf(env: Env): ReleaseStore {
  let store = stores.get(env);
  if (!store) {
    store = diskReleaseStore(env.RELEASES_DIR);
    stores.set(env, store);
  }
  return store;
}

/** The current release state, from memory (the store keeps it current): every request may read it. */
export const readReleaseState = (env: Env): ReleaseState => releaseStoreOf(env).state();

/** Whether `remote@version` is stored in the app's release store. */
export async function isStoredRelease(env: Env, remote: RemoteName, version: string): Promise<boolean> {
  if (!RELEASE_VERSION_PATTERN.test(version)) return false;
  return releaseStoreOf(env).hasVersion(remote, version);
}
