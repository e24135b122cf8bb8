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

/** The app's rate limiters (made once in createApp; the routes that count hits receive it). */
export interface RateLimits {
  /** The limiter of one counter family (created once, then shared by every route naming it). */
  limiterFor(opts: LimitOptions): RateLimiterAbstract;
  /**
   * Counts one hit of `key` against the limit `opts`, saying the allowance in RateLimit headers; throws
   * 429 once it is used up.
   */
  countHit(opts: LimitOptions & { message?: string }, res: Response, key: string): Promise<void>;
  /** Express middleware: every request counts; 429 with Retry-After once a client used up its window. */
  rateLimit(opts: RateLimitOptions): RequestHandler;
  /** Stops the sweep of expired counters, before the database closes (it would run against a closed pool). */
  stop(): void;
}

/** rate-limiter-flexible's PostgreSQL limiter keeps its sweep's timer here, with no method to stop it. */
type Swept = { _clearExpiredTimeoutId?: ReturnType<typeof setTimeout> };

/**
 * The rate limiters of an app on `db`. `inProcess`: only this process opens the database (embedded
 * PGlite): the counters live in memory, which is then exactly as shared as the database, and saves a
 * query per hit. Otherwise they are kept in its `rate_limits` table, so all API instances count together.
 */
export function createRateLimits(db: Db, { inProcess }: { inProcess: boolean }): RateLimits {
  const byName = new Map<string, RateLimiterAbstract>();
  const limiterFor = (opts: LimitOptions): RateLimiterAbstract => {
    const existing = byName.get(opts.name);
    if (existing) return existing;
    const common = {
      keyPrefix: opts.name,
      points: Math.max(1, Math.floor(opts.limit * (opts.scale ?? 1))),
      duration: Math.max(1, Math.ceil(opts.windowMs / 1000)),
    };
    const limiter = inProcess
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
  };
  const countHit: RateLimits['countHit'] = async (opts, res, key) => {
    const limiter = limiterFor(opts);
    res.setHeader('RateLimit-Limit', String(limiter.points));
    const result = await consumeOrRefuse(limiter, key, opts.message).catch((err: unknown) => {
      res.setHeader('RateLimit-Remaining', '0');
      throw err;
    });
    res.setHeader('RateLimit-Remaining', String(result.remainingPoints));
  };
  return {
    limiterFor,
    countHit,
    rateLimit(opts) {
      const keyOf = opts.keyOf ?? clientAddress;
      return async (req, res, next) => {
        await countHit(opts, res, keyOf(req));
        next();
      };
    },
    stop() {
      for (const limiter of byName.values())
        clearTimeout((limiter as unknown as Swept)._clearExpiredTimeoutId);
    },
  };
}
