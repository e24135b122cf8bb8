import { REMOTE_FOLDERS, REMOTE_NAMES, type RemoteName, type RemoteReleases } from '@agency/contracts';
import type { Db } from '../db/client';
import type { Env } from '../env';
import { releaseSourceOf } from '../site/remotes-manifest';
import {
  promoteOnDisk,
  readDiskState,
  rollbackOnDisk,
  startCanaryOnDisk,
  storedOnDisk,
} from './disk-release-store';
import {
  liveReleases,
  promoteRelease,
  releaseHistory,
  rollbackRelease,
  stagedReleases,
  startCanary,
} from './release-store';

/** What a switch made from the CMS records as its commit (the CLI records its checkout's). */
const CMS_COMMIT = 'cms';

/** What happened, in the release commands' words. */
export type SwitchOutcome =
  | { kind: 'promoted'; version: string; previous: string | null }
  | { kind: 'unchanged'; version: string }
  | { kind: 'canary'; version: string; percent: number; current: string }
  | { kind: 'rolled-back'; version: string; previous: string }
  | { kind: 'canary-ended'; version: string; previous: string };

/**
 * The release store the server reads (the database's when an instance follows it, see
 * database-releases.ts; else RELEASES_DIR), for the CMS: every remote's releases, and the same
 * promote / canary / rollback as `npm run promote` and `npm run rollback`. Refusals are
 * ReleaseErrors with the commands' texts.
 */
export function releaseControl(env: Env, db: Db) {
  const source = releaseSourceOf(env);
  const dir = env.RELEASES_DIR;
  /** The switch reaches other instances through the store (NOTIFY, or the shared state file); this
   * instance serves it before the answer leaves. */
  const settled = async <T>(result: T) => {
    await source?.refresh?.();
    return result;
  };

  async function list(): Promise<RemoteReleases[]> {
    if (source) {
      const live = await liveReleases(db);
      return Promise.all(
        REMOTE_NAMES.map(async (name) => {
          const [history, staged] = await Promise.all([releaseHistory(db, name), stagedReleases(db, name)]);
          return {
            remote: REMOTE_FOLDERS[name],
            live: live[name]?.version ?? null,
            canary: live[name]?.canary ?? null,
            staged: staged.map((s) => ({ version: s.version, storedAt: s.releasedAt })),
            history,
          };
        }),
      );
    }
    // The disk store keeps the current version and the ones before it, without dates or commits.
    const { remotes } = readDiskState(dir);
    return REMOTE_NAMES.map((name) => {
      const entry = remotes[name];
      const history = entry?.current
        ? [entry.current, ...[...entry.history].reverse()].map((version, i) => ({
            version,
            current: i === 0,
          }))
        : [];
      const listed = new Set([...history.map((h) => h.version), entry?.canary?.version]);
      return {
        remote: REMOTE_FOLDERS[name],
        live: entry?.current ?? null,
        canary: entry?.canary ?? null,
        // Stored but neither live nor on the rollback history: staged (or older than the history).
        staged: storedOnDisk(dir, name)
          .filter((v) => !listed.has(v))
          .reverse()
          .map((version) => ({ version })),
        history,
      };
    });
  }

  /** `npm run promote -- <remote> <version> [--percent N]`: 100 (the default) is a promote. */
  async function promote(remote: RemoteName, version: string, percent = 100): Promise<SwitchOutcome> {
    if (percent < 100) {
      const c = source
        ? await startCanary(db, remote, version, percent)
        : startCanaryOnDisk(dir, remote, version, percent);
      return settled({ kind: 'canary', version, percent, current: c.current });
    }
    const r = source
      ? await promoteRelease(db, remote, version, CMS_COMMIT)
      : promoteOnDisk(dir, remote, version);
    return settled(
      r.switched ? { kind: 'promoted', version, previous: r.previous } : { kind: 'unchanged', version },
    );
  }

  /** `npm run rollback -- <remote>`: ends a running canary, else back to the previous release. */
  async function rollback(remote: RemoteName): Promise<SwitchOutcome> {
    const r = source ? await rollbackRelease(db, remote, CMS_COMMIT) : rollbackOnDisk(dir, remote);
    return settled({
      kind: r.endedCanary ? 'canary-ended' : 'rolled-back',
      version: r.version,
      previous: r.previous ?? '',
    });
  }

  return { list, promote, rollback };
}

/** The outcome in the release commands' words (their database-wide suffixes left out). */
export function describeSwitch(folder: string, o: SwitchOutcome): string {
  switch (o.kind) {
    case 'promoted':
      return `Promoted ${folder} ${o.version}${o.previous ? ` (was ${o.previous})` : ''}`;
    case 'unchanged':
      return `${folder} ${o.version} is already the current release.`;
    case 'canary':
      return `Canary: ${folder} ${o.version} for ${o.percent}% of visitors (the others stay on ${o.current})`;
    case 'rolled-back':
      return `Rolled back ${folder} from ${o.previous} to ${o.version}`;
    case 'canary-ended':
      return `Ended the canary of ${folder} ${o.previous}: everyone is on ${o.version}`;
  }
}
