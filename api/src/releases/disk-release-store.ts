import path from 'node:path';
import { cpSync, existsSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { RELEASE_VERSION_PATTERN, REMOTE_FOLDERS, type RemoteName } from '@agency/contracts';
import {
  DISK_HISTORY_LENGTH,
  LOCAL_BUILD,
  ReleaseError,
  canaryRefusal,
  checkCanaryPercent,
  checkVersion,
  notStored,
  releaseMessages,
} from './release-policy';
import { followDiskState, readDiskState, writeDiskState } from './release-state';
import type { ReleaseStore, SwitchResult } from './release-store';

/**
 * The release store on disk (without DATABASE_URL): `<dir>/<remote-folder>/<version>/` holds a stored
 * build (with `.release.json`: when it was built and what changed, never served), `<dir>/release-state.json`
 * which version each remote serves (and its canary), switched by write-then-rename. The server follows
 * the state file (release-state.ts), so a switch made by a command in another process is served too.
 */

/** What the disk store keeps about a version beside its files (a dotfile: the site does not serve it). */
const META_FILE = '.release.json';
interface DiskReleaseMeta {
  builtAt: string;
  gitCommit?: string;
  subject?: string | null;
}

export function diskReleaseStore(dir: string): ReleaseStore {
  const versionDir = (remote: RemoteName, version: string) => path.join(dir, REMOTE_FOLDERS[remote], version);

  /** A stored version: its folder holds the browser entry (a release is complete once renamed in place). */
  const isStored = (remote: RemoteName, version: string) =>
    RELEASE_VERSION_PATTERN.test(version) &&
    existsSync(path.join(versionDir(remote, version), 'remoteEntry.js'));

  /** The versions stored for a remote (released, rolled back from or staged), sorted. */
  const storedVersions = (remote: RemoteName): string[] => {
    try {
      return readdirSync(path.join(dir, REMOTE_FOLDERS[remote]))
        .filter((v) => isStored(remote, v))
        .sort();
    } catch {
      return [];
    }
  };

  const metaOf = (remote: RemoteName, version: string): Partial<DiskReleaseMeta> => {
    try {
      return JSON.parse(
        readFileSync(path.join(versionDir(remote, version), META_FILE), 'utf8'),
      ) as DiskReleaseMeta;
    } catch {
      // Stored before versions kept this, or by hand: shown without it.
      return {};
    }
  };

  const requireStored = (remote: RemoteName, version: string) => {
    if (!isStored(remote, version)) throw notStored(remote, version);
  };

  /**
   * Makes `version` (stored already) the remote's current release; the one it replaces goes on the
   * rollback history, a canary running ends.
   */
  function switchTo(remote: RemoteName, version: string): SwitchResult {
    const state = readDiskState(dir);
    const entry = state.remotes[remote];
    const previous = entry?.current ?? null;
    if (previous === version) return { remote, version, previous, switched: false };
    state.remotes[remote] = {
      current: version,
      history: [
        ...(entry?.history ?? []).filter((v) => v !== version),
        ...(previous ? [previous] : []),
      ].slice(-DISK_HISTORY_LENGTH),
    };
    writeDiskState(dir, state);
    return { remote, version, previous, switched: true };
  }

  let following: (() => ReturnType<typeof readDiskState>) | undefined;

  return {
    kind: 'disk',

    async store({ remote, version, gitCommit, subject, dir: build, staged = false }) {
      checkVersion(version);
      if (!existsSync(path.join(build, 'remoteEntry.js')))
        throw new ReleaseError(releaseMessages.noEntry(build));
      const target = versionDir(remote, version);
      const stored = !isStored(remote, version);
      if (stored) {
        // Copied next to its place, then renamed in: a version folder is always complete.
        const scratch = `${target}.${process.pid}.tmp`;
        rmSync(scratch, { recursive: true, force: true });
        cpSync(build, scratch, { recursive: true });
        const meta: DiskReleaseMeta = {
          builtAt: new Date().toISOString(),
          gitCommit,
          subject: subject ?? null,
        };
        writeFileSync(path.join(scratch, META_FILE), `${JSON.stringify(meta, null, 2)}\n`);
        rmSync(target, { recursive: true, force: true });
        renameSync(scratch, target);
      }
      if (staged) {
        const live = readDiskState(dir).remotes[remote]?.current ?? null;
        return { remote, version, previous: live, switched: false, stored };
      }
      return { ...switchTo(remote, version), stored };
    },

    async promote(remote, version) {
      requireStored(remote, version);
      return switchTo(remote, version);
    },

    async startCanary(remote, version, percent) {
      checkCanaryPercent(percent);
      requireStored(remote, version);
      const state = readDiskState(dir);
      const entry = state.remotes[remote];
      const refusal = canaryRefusal(remote, version, entry?.current);
      if (refusal || !entry) throw refusal;
      state.remotes[remote] = { ...entry, canary: { version, percent } };
      writeDiskState(dir, state);
      return { remote, version, percent, current: entry.current };
    },

    async rollback(remote, _gitCommit, only) {
      const state = readDiskState(dir);
      const entry = state.remotes[remote];
      if (only?.canary && entry?.canary?.version !== only.canary)
        throw new ReleaseError(releaseMessages.noSuchCanary(REMOTE_FOLDERS[remote], only.canary));
      // While a canary runs, a rollback ends it: everyone back on the current release, which stays.
      if (entry?.canary) {
        const { canary, ...rest } = entry;
        state.remotes[remote] = rest;
        writeDiskState(dir, state);
        return {
          remote,
          version: entry.current,
          previous: canary.version,
          switched: true,
          endedCanary: true,
        };
      }
      const previous = entry?.history.at(-1);
      if (!entry) throw new ReleaseError(releaseMessages.noEarlierRelease(REMOTE_FOLDERS[remote]));
      if (!previous) {
        // The first release: back to the locally built remote (no release state for it at all).
        const { [remote]: _gone, ...others } = state.remotes;
        writeDiskState(dir, { ...state, remotes: others });
        return { remote, version: LOCAL_BUILD, previous: entry.current, switched: true };
      }
      state.remotes[remote] = {
        current: previous,
        history: entry.history.slice(0, -1),
        rolledBack: entry.current,
      };
      writeDiskState(dir, state);
      return { remote, version: previous, previous: entry.current, switched: true };
    },

    // The disk store keeps the current version and the ones before it; the dates and what changed
    // come from each version's own record.
    async list(remote) {
      const entry = readDiskState(dir).remotes[remote];
      const described = (version: string) => {
        const meta = metaOf(remote, version);
        return {
          ...(meta.builtAt ? { builtAt: meta.builtAt } : {}),
          ...(meta.subject ? { subject: meta.subject } : {}),
        };
      };
      const history = entry?.current
        ? [entry.current, ...[...entry.history].reverse()].map((version, i) => ({
            version,
            current: i === 0,
            ...described(version),
          }))
        : [];
      const listed = new Set([...history.map((h) => h.version), entry?.canary?.version]);
      return {
        remote: REMOTE_FOLDERS[remote],
        live: entry?.current ?? null,
        canary: entry?.canary ?? null,
        rolledBack: entry?.rolledBack ?? null,
        // Stored but neither live nor on the rollback history: staged, rolled back from (or older).
        staged: storedVersions(remote)
          .filter((v) => !listed.has(v))
          .reverse()
          .map((version) => {
            const { builtAt, ...rest } = described(version);
            return { version, ...(builtAt ? { storedAt: builtAt } : {}), ...rest };
          }),
        history,
      };
    },

    state() {
      following ??= followDiskState(dir);
      return following();
    },
    ready: Promise.resolve(),
    // A switch this process made is read back at once (writeDiskState tells the follower).
    refresh: async () => {},
    hasVersion: async (remote, version) => isStored(remote, version),
    readFile(remote, version, rel) {
      const root = path.resolve(versionDir(remote, version));
      const file = path.resolve(root, rel);
      if (!file.startsWith(root + path.sep)) return Promise.resolve(undefined);
      return readFile(file, 'utf8').catch(() => undefined);
    },
    serverBuild: (remote, version) => ({
      file: path.join(versionDir(remote, version), 'server', 'entry-server.js'),
    }),
    browserFiles: (cacheControl, staticFiles) =>
      staticFiles(dir, (res, file) => res.setHeader('Cache-Control', cacheControl(file))),
    stop() {},
  };
}
