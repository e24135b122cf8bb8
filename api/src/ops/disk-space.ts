import { statfsSync } from 'node:fs';
import { statfs } from 'node:fs/promises';
import type { RequestHandler } from 'express';
import { ErrorCode } from '@agency/contracts';
import type { Logger } from 'pino';

const MB = 1024 * 1024;

/** How often free space is read: often enough that a floor of a few hundred MB is never outrun. */
export const DISK_CHECK_INTERVAL_MS = 5000;

/** What a refused write answers: the disk is the server's trouble, not the request's. */
export const DISK_LOW_ANSWER = {
  message: 'The server is low on disk space, so changes cannot be saved right now. Please try again later.',
  code: ErrorCode.SERVICE_UNAVAILABLE,
};
const RETRY_AFTER_SECONDS = '30';

/** Bytes free to this (unprivileged) process on the filesystem holding `dir`. */
export async function freeBytes(dir: string): Promise<number> {
  const s = await statfs(dir);
  return s.bavail * s.bsize;
}

/**
 * The refusal to start on a disk already below the floor (undefined when there is room): the embedded
 * database hangs for good when it cannot extend its write-ahead log, and crashes unclearly at start
 * with under 16 MB free.
 */
export function startWithoutRoom(dir: string, floorMb: number): string | undefined {
  const s = statfsSync(dir);
  const freeMb = Math.floor((s.bavail * s.bsize) / MB);
  if (freeMb >= floorMb) return undefined;
  return (
    `Refusing to start: the disk holding the data folder ${dir} has ${freeMb} MB free, below ` +
    `DISK_FREE_FLOOR_MB (${floorMb} MB). The embedded database stops answering when its disk fills up. ` +
    `Free some space on that disk (or lower DISK_FREE_FLOOR_MB) and start the server again.`
  );
}

export interface DiskSpaceGuard {
  /** True while the free space is below the floor: writes are refused and /readyz answers 503. */
  low: () => boolean;
  /** Reads the free space now (also every DISK_CHECK_INTERVAL_MS once started). */
  check: () => Promise<void>;
  /** The floor in MB; a new one takes effect at the next check. */
  setFloorMb: (mb: number) => void;
  start: () => void;
  stop: () => void;
}

/**
 * Watches the free space of the disk holding the embedded database's folder. Below the floor, the
 * API refuses changes (503 with Retry-After) before PGlite can meet a full disk, which it survives
 * only by hanging (it spins in XLogFlush on the main thread: nothing answers, not even SIGTERM).
 * Logged once per change of state: warn when it goes low, info when it is back.
 */
export function diskSpaceGuard(opts: {
  dir: string;
  floorMb: number;
  log: Logger;
  everyMs?: number;
}): DiskSpaceGuard {
  let floorMb = opts.floorMb;
  let isLow = false;
  let unreadable = false;
  let timer: NodeJS.Timeout | undefined;
  const check = async () => {
    let free: number;
    try {
      free = await freeBytes(opts.dir);
    } catch (err) {
      // The state stays as it was: one line, not one per check.
      if (!unreadable) opts.log.warn({ err, dir: opts.dir }, 'cannot read the free disk space');
      unreadable = true;
      return;
    }
    unreadable = false;
    const freeMb = Math.floor(free / MB);
    const nowLow = freeMb < floorMb;
    if (nowLow === isLow) return;
    isLow = nowLow;
    if (isLow)
      opts.log.warn(
        { dir: opts.dir, freeMb, floorMb },
        `disk space low: ${freeMb} MB free for the data folder, below DISK_FREE_FLOOR_MB (${floorMb} MB); ` +
          `changes are refused with 503 until space is freed`,
      );
    else
      opts.log.info(
        { dir: opts.dir, freeMb, floorMb },
        `disk space back above the floor: ${freeMb} MB free; changes are accepted again`,
      );
  };
  return {
    low: () => isLow,
    check,
    setFloorMb: (mb) => {
      floorMb = mb;
    },
    start: () => {
      if (timer) return;
      void check();
      timer = setInterval(() => void check(), opts.everyMs ?? DISK_CHECK_INTERVAL_MS);
      // Never what keeps the process alive (SIGTERM ends it as before).
      timer.unref();
    },
    stop: () => {
      clearInterval(timer);
      timer = undefined;
    },
  };
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Refuses every request that may write while the disk is low; reads keep being answered. */
export function refuseWritesWhileDiskLow(guard: Pick<DiskSpaceGuard, 'low'>): RequestHandler {
  return (req, res, next) => {
    if (READS.has(req.method) || !guard.low()) return next();
    res.setHeader('Retry-After', RETRY_AFTER_SECONDS);
    res.setHeader('Cache-Control', 'no-store');
    res.status(503).json(DISK_LOW_ANSWER);
  };
}
