import path from 'node:path';
import type { Logger } from 'pino';
import { REMOTE_FOLDERS, type RemoteName } from '@agency/contracts';
import type { Database } from '../db/client';
import { readBlob } from '../files/blob-store';
import {
  RELEASE_SWITCHED,
  promoteRelease,
  rollbackRelease,
  startCanary,
  storeRelease,
} from './database-release-switches';
import {
  hasRelease,
  liveReleases,
  releaseHistory,
  rolledBackFrom,
  stagedReleases,
  type CurrentRelease,
} from './database-release-reads';
import { findReleaseFiles, materializeRelease } from './database-release-files';
import { releaseFilesFromDatabase } from './release-files';
import type { ReleaseState } from './release-state';
import type { ReleaseStore } from './release-store';

/**
 * How often an instance looks at the current releases even without a notification (a LISTEN
 * connection that dropped, a NOTIFY lost in a failover): a switch reaches it within this time at worst.
 */
export const RELEASE_POLL_MS = 1000;

/**
 * The release store in PostgreSQL (when DATABASE_URL is set; its queries are database-release-switches.ts,
 * database-release-reads.ts and database-release-files.ts).
 * With `follow` (the server), the current version of each remote is kept in memory and re-read when any
 * instance's switch notifies RELEASE_SWITCHED (and every RELEASE_POLL_MS besides); server builds are
 * written to `cacheDir` on first use. Without it (a release command), only the switches and lists.
 */
export function databaseReleaseStore(
  database: Database,
  opts: { cacheDir: string; follow?: { log: Logger } },
): ReleaseStore {
  const { db } = database;
  let state: ReleaseState = { remotes: {} };
  let running: Promise<void> | undefined;
  let again = false;
  const log = opts.follow?.log;

  const refresh = async () => {
    const current = await liveReleases(db);
    const remotes: ReleaseState['remotes'] = {};
    for (const [name, { version, canary }] of Object.entries(current) as [RemoteName, CurrentRelease][])
      remotes[name] = canary ? { current: version, history: [], canary } : { current: version, history: [] };
    for (const name of Object.keys(REMOTE_FOLDERS) as RemoteName[]) {
      const was = state.remotes[name]?.current;
      if (was !== remotes[name]?.current)
        log?.info(
          { remote: name, version: remotes[name]?.current ?? 'local', was: was ?? 'local' },
          'release switched',
        );
      const canaryWas = state.remotes[name]?.canary;
      const canary = remotes[name]?.canary;
      if (canaryWas?.version !== canary?.version || canaryWas?.percent !== canary?.percent)
        log?.info({ remote: name, canary: canary ?? null, was: canaryWas ?? null }, 'canary changed');
    }
    state = { remotes };
  };

  /** One read at a time; a notification during a read asks for one more after it. */
  const reload = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = refresh()
      .catch((err: unknown) => log?.warn({ err }, 'cannot read the current releases; keeping the last known'))
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          void reload();
        }
      });
    return running;
  };

  let timer: NodeJS.Timeout | undefined;
  if (opts.follow) {
    void database
      .listen(RELEASE_SWITCHED, () => void reload())
      .catch((err: unknown) =>
        log?.warn({ err }, `cannot listen for release switches; polling every ${RELEASE_POLL_MS} ms only`),
      );
    timer = setInterval(() => void reload(), RELEASE_POLL_MS);
    timer.unref();
  }

  const materializing = new Map<string, Promise<void>>();
  return {
    kind: 'database',

    store: (o) => storeRelease(db, o),
    promote: (remote, version, gitCommit) => promoteRelease(db, remote, version, gitCommit),
    startCanary: (remote, version, percent) => startCanary(db, remote, version, percent),
    rollback: (remote, gitCommit, only) => rollbackRelease(db, remote, gitCommit, only),
    async list(remote) {
      const [live, history, staged, rolledBack] = await Promise.all([
        liveReleases(db),
        releaseHistory(db, remote),
        stagedReleases(db, remote),
        rolledBackFrom(db, remote),
      ]);
      return {
        remote: REMOTE_FOLDERS[remote],
        live: live[remote]?.version ?? null,
        canary: live[remote]?.canary ?? null,
        rolledBack,
        staged: staged.map((s) => ({
          version: s.version,
          storedAt: s.releasedAt,
          ...(s.subject ? { subject: s.subject } : {}),
        })),
        // After the first release was rolled back to the local build, no switch is current.
        history: history.map(({ subject, ...h }) => ({
          ...h,
          current: h.current && Boolean(live[remote]),
          ...(subject ? { subject } : {}),
        })),
      };
    },

    state: () => state,
    ready: opts.follow ? reload() : Promise.resolve(),
    // A read running now may have begun before the switch: reload() then asks for one more after it.
    refresh: () => reload().then(() => running),
    hasVersion: (remote, version) => hasRelease(db, remote, version),
    async readFile(remote, version, rel) {
      const blob = (await findReleaseFiles(db, remote, version, [rel])).get(rel);
      if (!blob) return undefined;
      const chunks: Buffer[] = [];
      for await (const chunk of readBlob(db, blob)) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString('utf8');
    },
    serverBuild(remote, version) {
      const dir = path.join(opts.cacheDir, REMOTE_FOLDERS[remote], version);
      return {
        file: path.join(dir, 'server', 'entry-server.js'),
        prepare: () => {
          let p = materializing.get(dir);
          if (!p) {
            p = materializeRelease(db, remote, version, dir);
            materializing.set(dir, p);
            // A failure (database away) is tried again at the next render.
            p.catch(() => materializing.delete(dir));
          }
          return p;
        },
      };
    },
    browserFiles: (cacheControl) => releaseFilesFromDatabase(db, cacheControl),
    stop: () => clearInterval(timer),
  };
}
