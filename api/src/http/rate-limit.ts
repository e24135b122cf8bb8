import type { Request, RequestHandler } from 'express';
import { lt, sql } from 'drizzle-orm';
import { ErrorCode } from '@agency/contracts';
import type { Db } from '../db/client';
import { rateLimitHits } from '../db/schema';
import { HttpError } from './errors';

export interface RateLimitOptions {
  /** Names the counter family, e.g. 'admin-login'; part of the stored key. */
  name: string;
  /** Allowed hits per window before RATE_LIMIT_SCALE is applied. */
  limit: number;
  windowMs: number;
  /** RATE_LIMIT_SCALE from the environment (benchmarks and e2e raise it). */
  scale?: number;
  /** Who is counted; the client IP by default (trust proxy decides what req.ip is). */
  keyOf?: (req: Request) => string;
  message?: string;
}

export interface RateLimitResult {
  allowed: boolean;
  hits: number;
  limit: number;
  retryAfterSeconds: number;
}

/**
 * Databases that only one process can open (embedded PGlite): their counters live in memory, which is
 * then exactly as shared as the database, and saves a query per request.
 */
const memoryCounters = new WeakMap<Db, Map<string, { hits: number; resetAt: number }>>();
export function countInProcess(db: Db) {
  memoryCounters.set(db, new Map());
}

function countInMemory(
  counters: Map<string, { hits: number; resetAt: number }>,
  key: string,
  limit: number,
  windowMs: number,
): RateLimitResult {
  const now = Date.now();
  let entry = counters.get(key);
  if (!entry || entry.resetAt <= now) {
    if (counters.size > 10_000) for (const [k, v] of counters) if (v.resetAt <= now) counters.delete(k);
    entry = { hits: 0, resetAt: now + windowMs };
    counters.set(key, entry);
  }
  entry.hits++;
  return {
    allowed: entry.hits <= limit,
    hits: entry.hits,
    limit,
    retryAfterSeconds: Math.max(1, Math.ceil((entry.resetAt - now) / 1000)),
  };
}

/**
 * Fixed-window counter in the database, so every API instance shares it: one upsert per hit
 * either starts a new window or counts one more hit in the current one.
 */
export async function countHit(
  db: Db,
  key: string,
  limit: number,
  windowMs: number,
): Promise<RateLimitResult> {
  const counters = memoryCounters.get(db);
  if (counters) return countInMemory(counters, key, limit, windowMs);
  const windowEnd = sql`now() + (${windowMs} * interval '1 millisecond')`;
  const expired = sql`${rateLimitHits.resetAt} <= now()`;
  const [row] = await db
    .insert(rateLimitHits)
    .values({ key, hits: 1, resetAt: windowEnd })
    .onConflictDoUpdate({
      target: rateLimitHits.key,
      set: {
        hits: sql`case when ${expired} then 1 else ${rateLimitHits.hits} + 1 end`,
        resetAt: sql`case when ${expired} then excluded.reset_at else ${rateLimitHits.resetAt} end`,
      },
    })
    .returning({
      hits: rateLimitHits.hits,
      retryAfter: sql<string>`ceil(extract(epoch from (${rateLimitHits.resetAt} - now())))`,
    });
  const hits = row?.hits ?? 1;
  const retryAfterSeconds = Math.max(1, Number(row?.retryAfter ?? 1));
  return { allowed: hits <= limit, hits, limit, retryAfterSeconds };
}

/** Drops windows that ended long ago (called now and then, never on the hot path's critical result). */
async function pruneExpired(db: Db) {
  await db.delete(rateLimitHits).where(lt(rateLimitHits.resetAt, sql`now() - interval '1 day'`));
}

/** Express middleware: 429 with Retry-After once a client used up its window. */
export function rateLimit(db: Db, opts: RateLimitOptions): RequestHandler {
  const limit = Math.max(1, Math.floor(opts.limit * (opts.scale ?? 1)));
  const keyOf = opts.keyOf ?? ((req: Request) => req.ip ?? 'unknown');
  return async (req, res, next) => {
    const result = await countHit(db, `${opts.name}:${keyOf(req)}`, limit, opts.windowMs);
    if (Math.random() < 0.01) void pruneExpired(db).catch(() => {});
    res.setHeader('RateLimit-Limit', String(limit));
    res.setHeader('RateLimit-Remaining', String(Math.max(0, limit - result.hits)));
    if (!result.allowed) {
      res.setHeader('Retry-After', String(result.retryAfterSeconds));
      throw new HttpError(
        429,
        ErrorCode.RATE_LIMITED,
        opts.message ?? 'Too many requests. Please try again later.',
      );
    }
    next();
  };
}

/**
 * Counts only failures (wrong passwords), so staff signing in normally are never locked out while
 * guessing still hits the wall: `guard` answers 429 once the window's failures are used up, `fail`
 * records one more.
 */
export function failureLimit(db: Db, opts: RateLimitOptions) {
  const limit = Math.max(1, Math.floor(opts.limit * (opts.scale ?? 1)));
  const keyOf = opts.keyOf ?? ((req: Request) => req.ip ?? 'unknown');
  const keyFor = (req: Request) => `${opts.name}:${keyOf(req)}`;
  const tooMany = (retryAfterSeconds: number) => {
    const err = new HttpError(
      429,
      ErrorCode.RATE_LIMITED,
      opts.message ?? 'Too many requests. Please try again later.',
    );
    return Object.assign(err, { retryAfterSeconds });
  };
  const guard: RequestHandler = async (req, res, next) => {
    const counters = memoryCounters.get(db);
    if (counters) {
      const entry = counters.get(keyFor(req));
      if (entry && entry.resetAt > Date.now() && entry.hits >= limit) {
        const retryAfter = Math.max(1, Math.ceil((entry.resetAt - Date.now()) / 1000));
        res.setHeader('Retry-After', String(retryAfter));
        throw tooMany(retryAfter);
      }
      return next();
    }
    const [row] = await db
      .select({
        hits: rateLimitHits.hits,
        retryAfter: sql<string>`ceil(extract(epoch from (${rateLimitHits.resetAt} - now())))`,
      })
      .from(rateLimitHits)
      .where(sql`${rateLimitHits.key} = ${keyFor(req)} and ${rateLimitHits.resetAt} > now()`);
    if (row && row.hits >= limit) {
      const retryAfter = Math.max(1, Number(row.retryAfter));
      res.setHeader('Retry-After', String(retryAfter));
      throw tooMany(retryAfter);
    }
    next();
  };
  const fail = async (req: Request) => {
    await countHit(db, keyFor(req), limit, opts.windowMs);
  };
  return { guard, fail };
}
