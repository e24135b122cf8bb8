import { createHash } from 'node:crypto';
import {
  closeSync,
  mkdirSync,
  openSync,
  readFileSync,
  realpathSync,
  renameSync,
  unlinkSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import net from 'node:net';
import { hostname } from 'node:os';
import path from 'node:path';

/** The file inside DATA_DIR naming the server that holds the folder (for messages; on Linux not the lock itself). */
export const LOCK_FILE = 'server.lock';

/** Another server holds the folder: the message names the folder and that server's process, when known. */
export class DataDirLocked extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number | undefined,
    readonly host: string | undefined,
  ) {
    const who =
      pid === undefined ? '' : ` (process ${pid}${!host || host === hostname() ? '' : ` on ${host}`})`;
    super(
      `Another server is already using the data folder ${dataDir}${who}. Stop that server first, or give ` +
        `this one its own DATA_DIR. Two servers on one embedded database lose and duplicate data.`,
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
    // Missing, or half-written by a process that died while writing it.
  }
  return undefined;
}

/**
 * Takes DATA_DIR for this process before the embedded database opens, and answers the release
 * function. On Linux the lock is an abstract Unix socket named after the folder's real path: binding
 * it is atomic, and the kernel releases it the moment the holder exits (killed, crashed, a zombie not
 * yet reaped), so a restart never trips over a dead server, a reused pid or a new hostname, and there
 * is no stale file to judge. Abstract sockets are per network namespace: two containers with their
 * own networks sharing one volume are not kept apart (docs/operations.md). Elsewhere (macOS, Windows)
 * a pid file stands in. `server.lock` names the holder for the refusal's message.
 */
export async function lockDataDir(dataDir: string): Promise<() => void> {
  mkdirSync(dataDir, { recursive: true });
  if (process.platform !== 'linux') return lockByPidFile(dataDir);
  const real = realpathSync(dataDir);
  const file = path.join(dataDir, LOCK_FILE);
  const name = `\0agency-datadir-${createHash('sha256').update(real).digest('hex').slice(0, 40)}`;
  // Whoever connects (a curious `ss -xl` user) is hung up on: the socket exists to be held.
  const server = net.createServer((socket) => socket.destroy());
  await new Promise<void>((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) => {
      if (err.code !== 'EADDRINUSE') return reject(err);
      const holder = readHolder(file);
      reject(new DataDirLocked(path.resolve(dataDir), holder?.pid, holder?.host));
    });
    server.listen({ path: name }, resolve);
  });
  // Never what keeps the process alive.
  server.unref();
  const mine = { pid: process.pid, host: hostname() };
  writeFileSync(file, JSON.stringify(mine));
  // The holder's name goes first, while the socket still keeps any other server from writing its own.
  return onceReleased(file, () => server.close());
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
 * Where there are no abstract sockets: a file holding our pid, created exclusively. A lock whose
 * process is gone is taken over; one whose process lives, or written on another host, is respected.
 */
function lockByPidFile(dataDir: string): () => void {
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
      if (!sameHost || (holder.pid !== process.pid && alive(holder.pid)))
        throw new DataDirLocked(path.resolve(dataDir), holder.pid, holder.host);
    }
    // Stale: move it aside atomically (only one of two racing starters succeeds), then try again.
    const aside = `${file}.stale-${process.pid}`;
    try {
      renameSync(file, aside);
      const moved = readHolder(aside);
      if (moved && holder && moved.pid !== holder.pid) renameSync(aside, file);
      else unlinkSync(aside);
    } catch {
      // Another starter moved it first: the next attempt sees whatever it wrote.
    }
  }
  throw new Error(`Could not take the lock on the data folder ${path.resolve(dataDir)}`);
}

/** Releases once (also at exit): removes the holder's name if it is ours, then `andThen` (the lock itself). */
function onceReleased(file: string, andThen?: () => void): () => void {
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    if (readHolder(file)?.pid === process.pid) {
      try {
        unlinkSync(file);
      } catch {
        // Already gone.
      }
    }
    andThen?.();
  };
  process.on('exit', release);
  return release;
}
