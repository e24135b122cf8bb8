import path from 'node:path';
import type { Logger } from 'pino';
import { REMOTE_FOLDERS, type RemoteName } from '@agency/contracts';
import type { Database } from '../db/client';
import type { Env } from '../env';
import { releaseCacheDir, type ReleaseSource, type ReleaseState } from '../site/remotes-manifest';
import {
  RELEASE_SWITCHED,
  liveReleases,
  hasRelease,
  materializeRelease,
  type CurrentRelease,
} from './release-store';

/**
 * How often an instance looks at the current releases even without a notification (a LISTEN
 * connection that dropped, a NOTIFY lost in a failover): a switch reaches it within this time at worst.
 */
export const RELEASE_POLL_MS = 1000;

/**
 * The releases every instance serves, from the database: the current version of each remote is kept
 * in memory and re-read when any instance's switch notifies RELEASE_SWITCHED (and every
 * RELEASE_POLL_MS besides). Server builds are written to this instance's release cache on first use.
 */
export function databaseReleases(
  env: Env,
  database: Database,
  log: Logger,
): ReleaseSource & { ready: Promise<void>; stop: () => void } {
  let state: ReleaseState = { remotes: {} };
  let running: Promise<void> | undefined;
  let again = false;

  const refresh = async () => {
    const current = await liveReleases(database.db);
    const remotes: ReleaseState['remotes'] = {};
    for (const [name, { version, canary }] of Object.entries(current) as [RemoteName, CurrentRelease][])
      remotes[name] = canary ? { current: version, history: [], canary } : { current: version, history: [] };
    for (const name of Object.keys(REMOTE_FOLDERS) as RemoteName[]) {
      const was = state.remotes[name]?.current;
      if (was !== remotes[name]?.current)
        log.info(
          { remote: name, version: remotes[name]?.current ?? 'local', was: was ?? 'local' },
          'release switched',
        );
      const canaryWas = state.remotes[name]?.canary;
      const canary = remotes[name]?.canary;
      if (canaryWas?.version !== canary?.version || canaryWas?.percent !== canary?.percent)
        log.info({ remote: name, canary: canary ?? null, was: canaryWas ?? null }, 'canary changed');
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
      .catch((err: unknown) => log.warn({ err }, 'cannot read the current releases; keeping the last known'))
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          void reload();
        }
      });
    return running;
  };

  void database
    .listen(RELEASE_SWITCHED, () => void reload())
    .catch((err: unknown) =>
      log.warn({ err }, `cannot listen for release switches; polling every ${RELEASE_POLL_MS} ms only`),
    );
  const timer = setInterval(() => void reload(), RELEASE_POLL_MS);
  timer.unref();

  const materializing = new Map<string, Promise<void>>();
  return {
    ready: reload(),
    stop: () => clearInterval(timer),
    state: () => state,
    // A read running now may have begun before the switch: reload() then asks for one more after it.
    refresh: () => reload().then(() => running),
    hasVersion: (remote, version) => hasRelease(database.db, remote, version),
    serverBuild(remote, version) {
      const dir = path.join(releaseCacheDir(env), REMOTE_FOLDERS[remote], version);
      return {
        file: path.join(dir, 'server', 'entry-server.js'),
        prepare: () => {
          let p = materializing.get(dir);
          if (!p) {
            p = materializeRelease(database.db, remote, version, dir);
            materializing.set(dir, p);
            // A failure (database away) is tried again at the next render.
            p.catch(() => materializing.delete(dir));
          }
          return p;
        },
      };
    },
  };
}
