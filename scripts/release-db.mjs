// The release store in PostgreSQL, for the release commands: used when DATABASE_URL is a postgres://
// URL, so a release made on any machine reaches every instance (see docs/deploying.md).
import { spawnSync } from 'node:child_process';
import { ROOT } from './release-store.mjs';

export const databaseUrl = () => {
  const url = process.env.DATABASE_URL ?? '';
  return /^postgres(ql)?:\/\//.test(url) ? url : undefined;
};

/** The commit of this checkout (`+dirty` when it has uncommitted changes), or `unknown` outside git. */
export function gitCommit() {
  const git = (...args) => spawnSync('git', ['-C', ROOT, ...args], { encoding: 'utf8' });
  const head = git('rev-parse', 'HEAD');
  if (head.status !== 0) return 'unknown';
  const dirty = git('status', '--porcelain', '--untracked-files=no').stdout.trim() !== '';
  return `${head.stdout.trim()}${dirty ? '+dirty' : ''}`;
}

/**
 * Runs `fn(store, db)` on the database in DATABASE_URL and closes it after. A refusal of the store
 * (nothing to roll back to…) is printed and exits 1; anything else is thrown.
 */
export async function withReleaseDatabase(fn) {
  const { tsImport } = await import('tsx/esm/api');
  const store = await tsImport('../api/src/releases/release-cli.ts', import.meta.url);
  const database = await store.openDatabase({ databaseUrl: databaseUrl() });
  try {
    return await fn(store, database.db);
  } catch (err) {
    if (err instanceof store.ReleaseError) {
      console.error(err.message);
      process.exitCode = 1;
      return undefined;
    }
    throw err;
  } finally {
    await database.close();
  }
}
