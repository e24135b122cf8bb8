import path from 'node:path';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { RELEASE_VERSION_PATTERN, REMOTE_FOLDERS, type RemoteName } from '@agency/contracts';
import type { ReleaseState } from '../site/remotes-manifest';
import { ReleaseError, type SwitchResult } from './release-store';

export { ReleaseError };

/**
 * The release store on disk (used without DATABASE_URL): `<dir>/<remote-folder>/<version>/` holds a
 * stored build, `<dir>/release-state.json` which version each remote serves (and its canary), switched
 * by write-then-rename. The release commands (scripts/release-store.mjs) and the CMS (admin/releases-
 * router.ts) both switch through these functions; the server reads the state in site/remotes-manifest.ts.
 */
export const diskStateFile = (dir: string) => path.join(dir, 'release-state.json');

export function readDiskState(dir: string): ReleaseState {
  try {
    return JSON.parse(readFileSync(diskStateFile(dir), 'utf8')) as ReleaseState;
  } catch {
    return { remotes: {} };
  }
}

/** Write-then-rename: a reader sees the old state or the new one, never half of either. */
export function writeDiskState(dir: string, state: ReleaseState) {
  mkdirSync(dir, { recursive: true });
  const tmp = `${diskStateFile(dir)}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(state, null, 2)}\n`);
  renameSync(tmp, diskStateFile(dir));
}

/** A stored version on disk: its folder holds the browser entry (a release is complete once renamed in place). */
export const isStoredOnDisk = (dir: string, remote: RemoteName, version: string) =>
  RELEASE_VERSION_PATTERN.test(version) &&
  existsSync(path.join(dir, REMOTE_FOLDERS[remote], version, 'remoteEntry.js'));

/** The versions stored on disk for a remote (released, rolled back from or staged), sorted. */
export function storedOnDisk(dir: string, remote: RemoteName): string[] {
  try {
    return readdirSync(path.join(dir, REMOTE_FOLDERS[remote]))
      .filter((v) => isStoredOnDisk(dir, remote, v))
      .sort();
  } catch {
    return [];
  }
}

/**
 * Makes `version` (stored already) the remote's current release; the one it replaces goes on the
 * rollback history, a canary running ends. Answers the previous version, or false when it was current.
 */
export function switchOnDisk(
  dir: string,
  remote: RemoteName,
  version: string,
): false | { previous: string | null } {
  const state = readDiskState(dir);
  const entry = state.remotes[remote];
  const previous = entry?.current ?? null;
  if (previous === version) return false;
  state.remotes[remote] = {
    current: version,
    history: [...(entry?.history ?? []).filter((v) => v !== version), ...(previous ? [previous] : [])].slice(
      -10,
    ),
  };
  writeDiskState(dir, state);
  return { previous };
}

const requireStored = (dir: string, remote: RemoteName, version: string) => {
  const folder = REMOTE_FOLDERS[remote];
  if (!isStoredOnDisk(dir, remote, version))
    throw new ReleaseError(
      `${folder} has no release ${version}. Stored versions: npm run releases -- ${folder}`,
      {
        notFound: true,
      },
    );
};

/** `npm run promote` on disk: the stored `version` becomes current (a canary running ends). */
export function promoteOnDisk(dir: string, remote: RemoteName, version: string): SwitchResult {
  requireStored(dir, remote, version);
  const switched = switchOnDisk(dir, remote, version);
  return switched
    ? { remote, version, previous: switched.previous, switched: true }
    : { remote, version, previous: version, switched: false };
}

/** `npm run promote -- … --percent N` on disk: `version` for N % (1–99) of visitors beside the current release. */
export function startCanaryOnDisk(dir: string, remote: RemoteName, version: string, percent: number) {
  const folder = REMOTE_FOLDERS[remote];
  if (!Number.isInteger(percent) || percent < 1 || percent > 99)
    throw new ReleaseError(`Bad percent '${percent}': give 1 to 99 for a canary, 100 to promote.`);
  requireStored(dir, remote, version);
  const state = readDiskState(dir);
  const entry = state.remotes[remote];
  if (!entry?.current)
    throw new ReleaseError(
      `${folder} has no current release to run a canary beside: promote ${version} instead.`,
    );
  if (entry.current === version)
    throw new ReleaseError(`${folder} ${version} is already the current release.`);
  state.remotes[remote] = { ...entry, canary: { version, percent } };
  writeDiskState(dir, state);
  return { remote, version, percent, current: entry.current };
}

/** `npm run rollback` on disk: ends a running canary, else switches back to the previous release. */
export function rollbackOnDisk(dir: string, remote: RemoteName): SwitchResult & { endedCanary?: boolean } {
  const state = readDiskState(dir);
  const entry = state.remotes[remote];
  // While a canary runs, a rollback ends it: everyone back on the current release, which stays.
  if (entry?.canary) {
    const { canary, ...rest } = entry;
    state.remotes[remote] = rest;
    writeDiskState(dir, state);
    return { remote, version: entry.current, previous: canary.version, switched: true, endedCanary: true };
  }
  const previous = entry?.history.at(-1);
  if (!entry || !previous)
    throw new ReleaseError(`${REMOTE_FOLDERS[remote]} has no earlier release to roll back to.`);
  state.remotes[remote] = { current: previous, history: entry.history.slice(0, -1) };
  writeDiskState(dir, state);
  return { remote, version: previous, previous: entry.current, switched: true };
}
