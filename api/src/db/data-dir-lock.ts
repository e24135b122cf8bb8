import { closeSync, mkdirSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

/** The lock file's name inside DATA_DIR. */
export const LOCK_FILE = 'server.lock';

/** Another server holds the folder: the message names the folder and that server's process. */
export class DataDirLocked extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
    readonly host: string,
  ) {
    super(
      `Another server is already using the data folder ${dataDir} (process ${pid}` +
        `${host === hostname() ? '' : ` on ${host}`}). Stop that server first, or give this one its own ` +
        `DATA_DIR. Two servers on one embedded database lose and duplicate data.`,
    );
  }
}

interface Holder {
  pid: number;
  host: string;
}

function readHolder(file: string): Holder | undefined {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<Holder>;
    if (typeof parsed.pid === 'number' && typeof parsed.host === 'string')
      return { pid: parsed.pid, host: parsed.host };
  } catch {
    // Missing, or half-written by a process that died while writing it: nobody holds it.
  }
  return undefined;
}

/** Whether process `pid` on this machine is alive (EPERM: alive, owned by another user). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes DATA_DIR for this process before the embedded database opens: a file holding our pid,
 * created exclusively. A lock whose process is gone (killed, crashed, the machine restarted) is taken
 * over at once; one whose process lives throws DataDirLocked. A lock written on another host cannot be
 * checked from here and is respected. Answers the release function (also run at process exit).
 *
 * Written here rather than with proper-lockfile: that library judges staleness by the lock's age
 * (it refreshes an mtime on a timer and lets another process take a lock only after `stale` ms), so it
 * can neither name the running process nor take over at once from one that is provably dead; a pid is
 * the fact both need.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  const mine = JSON.stringify({ pid: process.pid, host: hostname() });
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      try {
        writeSync(fd, mine);
      } finally {
        closeSync(fd);
      }
      return onceReleased(file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const holder = readHolder(file);
    if (holder) {
      const sameHost = holder.host === hostname();
      // In a container the restarted server often has the dead one's pid (1): that is no other server.
      if (!sameHost || (holder.pid !== process.pid && alive(holder.pid)))
        throw new DataDirLocked(path.resolve(dataDir), holder.pid, holder.host);
    }
    // Stale: move it aside atomically (only one of two racing starters succeeds), then try again.
    const aside = `${file}.stale-${process.pid}`;
    try {
      renameSync(file, aside);
      const moved = readHolder(aside);
      // Another starter took the stale lock over between our read and our move: put its lock back.
      if (moved && holder && moved.pid !== holder.pid) renameSync(aside, file);
      else unlinkSync(aside);
    } catch {
      // Another starter moved it first: the next attempt sees whatever it wrote.
    }
  }
  throw new Error(`Could not take the lock on the data folder ${path.resolve(dataDir)}`);
}

function onceReleased(file: string): () => void {
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    // Only our own lock: never one a later server wrote after taking ours over.
    if (readHolder(file)?.pid === process.pid) {
      try {
        unlinkSync(file);
      } catch {
        // Already gone.
      }
    }
  };
  process.on('exit', release);
  return release;
}
