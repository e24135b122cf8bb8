// What the release commands (scripts/release.mjs, promote.mjs, rollback.mjs, releases.mjs) run, loaded
// through tsx: the store the server would choose (PostgreSQL with DATABASE_URL, else RELEASES_DIR), the
// same release-control functions the CMS calls, and release-policy's words for what happened.
import { REMOTE_FOLDERS, type RemoteName, type RemoteReleases } from '@agency/contracts';
import type { Database } from '../db/client';
import type { AppContext } from '../app-context';
import { diskReleaseStore } from './disk-release-store';
import { releaseControl, type ReleaseControl } from './release-control';
import { ReleaseError, releaseMessages } from './release-policy';
import type { ReleaseStore } from './release-store';
import type { ClaimSources } from './route-claims';
import { REPO_ROOT } from '../env';

export { REMOTE_FOLDERS } from '@agency/contracts';
export { commandWhere, describeSwitch, nextSteps, releaseMessages } from './release-policy';

/** A postgres:// DATABASE_URL: the store is that database (every instance shares it). */
export const databaseUrl = (url = process.env['DATABASE_URL'] ?? '') =>
  /^postgres(ql)?:\/\//.test(url) ? url : undefined;

/**
 * Runs `fn` on the store chosen from the environment (DATABASE_URL, else `releasesDir`) and closes it
 * after. A refusal of the store (no such release, nothing to roll back to…) is printed to stderr and
 * sets exit code 1 (answering undefined); anything else is thrown.
 */
export async function withReleaseStore<T>(
  releasesDir: string,
  fn: (control: ReleaseControl, store: ReleaseStore) => Promise<T>,
  /** `cmsPagePaths`: the CMS pages visitors see (content/cms-page-paths.ts), read when the store is the database. */
  opts: { cmsPagePaths?: (app: Pick<AppContext, 'db' | 'clock'>) => Promise<string[]> } = {},
): Promise<T | undefined> {
  const url = databaseUrl();
  let database: Database | undefined;
  try {
    let store: ReleaseStore;
    if (url) {
      // Loaded only here: a command on the disk store starts without the database client.
      const [{ openDatabase }, { databaseReleaseStore }] = await Promise.all([
        import('../db/client'),
        import('./database-release-store'),
      ]);
      database = await openDatabase({ databaseUrl: url });
      // A command keeps no server builds: nothing is rendered here.
      store = databaseReleaseStore(database, { cacheDir: releasesDir });
    } else store = diskReleaseStore(releasesDir);
    // A release's pages are checked against the others' (and, with the database at hand, CMS pages').
    const { cmsPagePaths } = opts;
    const claims: ClaimSources = {
      siteRoot: REPO_ROOT,
      // The pages visitors see now (a command runs on the real clock).
      ...(database && cmsPagePaths
        ? { cmsPagePaths: () => cmsPagePaths({ db: database!.db, clock: () => new Date() }) }
        : {}),
    };
    return await fn(releaseControl(store, claims), store);
  } catch (err) {
    if (err instanceof ReleaseError) {
      console.error(err.message);
      process.exitCode = 1;
      return undefined;
    }
    throw err;
  } finally {
    await database?.close();
  }
}

/** `npm run releases -- <remote>`: the listing, one line per version, newest first. */
export function listingLines(r: RemoteReleases, kind: ReleaseStore['kind']): string[] {
  const lines: string[] = [];
  if (kind === 'database') {
    // The database store logs every switch: what, when and from which commit.
    if (!r.history.length) lines.push(releaseMessages.noReleases(r.remote));
    for (const h of r.history) {
      const when = new Date(h.switchedAt!)
        .toISOString()
        .replace('T', ' ')
        .replace(/\.\d+Z$/, 'Z');
      lines.push(
        `${h.current ? '*' : ' '} ${h.version.padEnd(24)} ${(h.action ?? '').padEnd(8)} ${when}  commit ${h.gitCommit}` +
          (h.current ? '  (current)' : ''),
      );
    }
    if (r.canary) lines.push(`  ${r.canary.version.padEnd(24)} canary   ${r.canary.percent}% of visitors`);
    for (const s of r.staged) lines.push(`  ${s.version.padEnd(24)} staged`);
    return lines;
  }
  // The disk store keeps the current version and the ones before it.
  const [current, ...earlier] = r.history;
  if (!current) lines.push(releaseMessages.noReleases(r.remote));
  else {
    lines.push(`* ${current.version}  (current)`);
    if (r.canary) lines.push(`  ${r.canary.version}  canary (${r.canary.percent}% of visitors)`);
    for (const h of earlier) lines.push(`  ${h.version}`);
  }
  // Stored but neither current nor on the rollback history: staged (or older than the history), oldest first.
  for (const s of [...r.staged].reverse()) lines.push(`  ${s.version}  stored (not live)`);
  return lines;
}

/** A remote by folder (`mf-content`) or federation name (`mf_content`); undefined when unknown. */
export const remoteNamed = (arg: string | undefined): RemoteName | undefined =>
  (Object.keys(REMOTE_FOLDERS) as RemoteName[]).find((n) => n === arg || REMOTE_FOLDERS[n] === arg);
