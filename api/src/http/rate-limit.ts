import type { Request, RequestHandler, Response } from 'express';
import {
  RateLimiterDrizzle,
  RateLimiterMemory,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema';
import { clientAddress } from './client-address';
import { tooManyRequests } from './errors';

export interface LimitOptions {
  /** Names the counter family, e.g. 'admin-login'; routes naming the same limit share its counters. */
  name: string;
  /** Allowed hits per window before RATE_LIMIT_SCALE is applied. */
  limit: number;
  windowMs: number;
  /** RATE_LIMIT_SCALE from the environment (benchmarks and e2e raise it). */
  scale?: number;
}

export interface RateLimitOptions extends LimitOptions {
  /** Who is counted; the client's address by default (see client-address.ts). */
  keyOf?: (req: Request) => string;
  message?: string;
}

export const TOO_MANY_REQUESTS = 'Too many requests. Please try again later.';

/**
 * Databases that only this process opens (embedded PGlite): their counters live in memory, which is
 * then exactly as shared as the database, and saves a query per hit. Every other database keeps them
 * in its `rate_limits` table, so all API instances count together.
 */
const inProcess = new WeakSet<Db>();
export function countInProcess(db: Db) {
  inProcess.add(db);
}

const limiters = new WeakMap<Db, Map<string, RateLimiterAbstract>>();

/** The limiter of one counter family on one database (created once, then shared). */
export function limiterFor(db: Db, opts: LimitOptions): RateLimiterAbstract {
  let byName = limiters.get(db);
  if (!byName) limiters.set(db, (byName = new Map()));
  const existing = byName.get(opts.name);
  if (existing) return existing;
  const common = {
    keyPrefix: opts.name,
    points: Math.max(1, Math.floor(opts.limit * (opts.scale ?? 1))),
    duration: Math.max(1, Math.ceil(opts.windowMs / 1000)),
  };
  const limiter = inProcess.has(db)
    ? new RateLimiterMemory(common)
    : new RateLimiterDrizzle({
        ...common,
        storeClient: db,
        schema: rateLimits,
        // One sweeper of expired rows per instance is plenty: the families share the table.
        clearExpiredByTimeout: byName.size === 0,
      });
  byName.set(opts.name, limiter);
  return limiter;
}

/**
 * Counts one hit atomically and answers 429 (Retry-After) once the window is used up. A store that
 * cannot be reached is not the client's fault: that error propagates (503 from the error middleware).
 */
export async function consumeOrRefuse(
  limiter: RateLimiterAbstract,
  key: string,
  message = TOO_MANY_REQUESTS,
): Promise<RateLimiterRes> {
  try {
    return await limiter.consume(key);
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) {
      throw tooManyRequests(message, Math.ceil(rejection.msBeforeNext / 1000));
    }
    throw rejection;
  }
}

/**
 * Counts one hit of `key` against the limit `opts` (the limiter of that family on this database),
 * saying the allowance in RateLimit headers; throws 429 once it is used up.
 */
export async function countHit(
  db: Db,
  opts: LimitOptions & { message?: string },
  req: Request,
  res: Response,
  key: string,
): Promise<void> {
  const limiter = limiterFor(db, opts);
  res.setHeader('RateLimit-Limit', String(limiter.points));
  const result = await consumeOrRefuse(limiter, key, opts.message).catch((err: unknown) => {
    res.setHeader('RateLimit-Remaining', '0');
    throw err;
  });
  res.setHeader('RateLimit-Remaining', String(result.remainingPoints));
}

/** Express middleware: every request counts; 429 with Retry-After once a client used up its window. */
export function rateLimit(db: Db, opts: RateLimitOptions): RequestHandler {
  const keyOf = opts.keyOf ?? clientAddress;
  return async (req, res, next) => {
    await countHit(db, opts, req, res, keyOf(req));
    next();
  };
}
