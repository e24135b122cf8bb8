import path from 'node:path';
import {
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  statSync,
  watch as watchDir,
  watchFile,
  writeFileSync,
} from 'node:fs';
import type { RemoteName } from '@agency/contracts';

/** Which version each released remote serves now (and its canary), as the server reads it from memory. */
export interface ReleaseState {
  remotes: Partial<
    Record<
      RemoteName,
      {
        current: string;
        history: string[];
        /** `npm run promote -- <remote> <version> --percent N`: `version` for N % of visitors (site/canary.ts). */
        canary?: { version: string; percent: number };
        /** The version the last switch rolled back from, while no other switch followed (disk store). */
        rolledBack?: string;
      }
    >
  >;
}

/** The version each released remote serves everyone now (a remote missing from it: its local build). */
export function currentVersions(state: ReleaseState): Partial<Record<RemoteName, string>> {
  const versions: Partial<Record<RemoteName, string>> = {};
  for (const [name, entry] of Object.entries(state.remotes) as [RemoteName, { current?: string }][])
    if (entry?.current) versions[name] = entry.current;
  return versions;
}

/** The disk store's state file: `<dir>/release-state.json`, switched by write-then-rename. */
export const diskStateFile = (dir: string) => path.join(dir, 'release-state.json');

/** The state in `dir` as it is on disk now; no file (no release made yet) is a state like any other. */
export function readDiskState(dir: string): ReleaseState {
  try {
    return JSON.parse(readFileSync(diskStateFile(dir), 'utf8')) as ReleaseState;
  } catch {
    return { remotes: {} };
  }
}

const written = new Set<(dir: string) => void>();

/** Write-then-rename: a reader sees the old state or the new one, never half of either. */
export function writeDiskState(dir: string, state: ReleaseState) {
  mkdirSync(dir, { recursive: true });
  const tmp = `${diskStateFile(dir)}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(state, null, 2)}\n`);
  renameSync(tmp, diskStateFile(dir));
  // This process's own switch is served at once (the file watch would see it a moment later).
  for (const listener of written) listener(dir);
}

/** The release state on disk, per state file: read once, then again only when the file changes. */
interface DiskWatch {
  state: ReleaseState;
  /** mtime and size of the file when it was read (-1: no file, i.e. no release folder yet). */
  stamp: string;
  reread: () => void;
}
const diskWatches = new Map<string, DiskWatch>();

const stampOf = (file: string) => {
  try {
    const s = statSync(file);
    return `${s.mtimeMs}:${s.size}:${s.ino}`;
  } catch {
    return '-1';
  }
};

/**
 * Calls `changed` on every change inside `dir`. A folder that does not exist yet (no release made)
 * is waited for by watching its nearest existing ancestor for the next path component to appear, so
 * the first release is seen at once too.
 */
function followFolder(dir: string, changed: () => void) {
  try {
    watchDir(dir, { persistent: false }, changed).on('error', () => {});
    changed();
    return;
  } catch {
    // Not there yet: wait for it below.
  }
  let ancestor = path.dirname(dir);
  while (!existsSync(ancestor) && path.dirname(ancestor) !== ancestor) ancestor = path.dirname(ancestor);
  const next = path.relative(ancestor, dir).split(path.sep)[0];
  try {
    const waiting = watchDir(ancestor, { persistent: false }, (_event, name) => {
      if (name !== null && String(name) !== next) return;
      if (!existsSync(path.join(ancestor, next ?? ''))) return;
      waiting.close();
      followFolder(dir, changed);
    });
    waiting.on('error', () => {});
  } catch {
    // Nothing to watch: the stat poll (fs.watchFile) still sees the state appear within a second.
  }
}

/**
 * The state in `dir`, followed: read now, then re-read when the folder reports a change (a release
 * renames the file in place; inotify tells at once) and, as a backstop that also sees a missing folder
 * appear, on a stat once a second (fs.watchFile). Reading it afterwards touches no disk.
 */
export function followDiskState(dir: string): () => ReleaseState {
  const file = diskStateFile(dir);
  let watch = diskWatches.get(file);
  if (!watch) {
    const w: DiskWatch = {
      state: readDiskState(dir),
      stamp: stampOf(file),
      reread: () => {
        const stamp = stampOf(file);
        if (stamp === w.stamp) return;
        w.stamp = stamp;
        w.state = readDiskState(dir);
      },
    };
    watch = w;
    diskWatches.set(file, w);
    watchFile(file, { interval: 1000, persistent: false }, w.reread);
    followFolder(dir, w.reread);
    written.add((d) => {
      if (diskStateFile(d) === file) w.reread();
    });
  }
  const followed = watch;
  return () => followed.state;
}
