import path from 'node:path';
import type { Logger } from 'pino';
import { RELEASE_VERSION_PATTERN, type RemoteName } from '@agency/contracts';
import type { Database } from '../db/client';
import type { Env } from '../env';
import { databaseReleaseStore } from './database-release-store';
import { diskReleaseStore } from './disk-release-store';
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

/** Whether `remote@version` is stored in `store`. */
export async function isStoredRelease(
  store: ReleaseStore,
  remote: RemoteName,
  version: string,
): Promise<boolean> {
  if (!RELEASE_VERSION_PATTERN.test(version)) return false;
  return store.hasVersion(remote, version);
}
