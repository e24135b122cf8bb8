import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { createLogger } from '../logger';
import { openDatabase, type Db } from '../db/client';
import { rateLimits } from '../db/schema';
import { consumeOrRefuse, createRateLimits, type RateLimits } from './rate-limit';
import { errorHandler } from './errors';

function appWith(limits: RateLimits, name: string) {
  const app = express();
  app.set('trust proxy', 1);
  app.get('/x', limits.rateLimit({ name, limit: 1, windowMs: 30_000, scale: 2 }), (_req, res) => {
    res.send('ok');
  });
  app.use(errorHandler(createLogger('silent')));
  return app;
}

describe('stopping the rate limits', () => {
  it('ends the sweep of expired counters: after the database closes, nothing runs against it', async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const limits = createRateLimits(database.db, { inProcess: false });
      limits.limiterFor({ name: 'swept', limit: 1, windowMs: 1000 });
      limits.stop();
      await database.close();
      // The sweep runs every 5 minutes; a stopped one never again.
      await vi.advanceTimersByTimeAsync(11 * 60_000);
    } finally {
      vi.useRealTimers();
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(warn.mock.calls.map((c) => String(c[0]))).not.toContainEqual(
      expect.stringContaining('Failed to clear expired records'),
    );
    warn.mockRestore();
  });
});

describe('database-backed rate limit', () => {
  // The store used with PostgreSQL (several instances). An app on PGlite counts in memory instead,
  // so this opens the database on its own, as a PostgreSQL-backed instance would use it.
  let t: { db: Db; limits: RateLimits; close: () => Promise<void> };
  beforeAll(async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    const limits = createRateLimits(database.db, { inProcess: false });
    t = { db: database.db, limits, close: () => database.close() };
  });
  afterAll(() => t.close());

  it('counts concurrent hits atomically in one row per key and starts a new window once the old one ended', async () => {
    const limiter = t.limits.limiterFor({ name: 'k', limit: 3, windowMs: 60_000 });
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => consumeOrRefuse(limiter, 'a')));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    const refused = results.find((r) => r.status === 'rejected')!;
    expect((refused as PromiseRejectedResult).reason).toMatchObject({ status: 429 });
    expect((refused as PromiseRejectedResult).reason.retryAfterSeconds).toBeGreaterThan(50);
    const rows = await t.db.select().from(rateLimits).where(eq(rateLimits.key, 'k:a'));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.points).toBe(8);
    await t.db
      .update(rateLimits)
      .set({ expire: new Date(Date.now() - 1000) })
      .where(eq(rateLimits.key, 'k:a'));
    expect((await consumeOrRefuse(limiter, 'a')).consumedPoints).toBe(1);
  });

  it('as middleware: scales the limit, answers 429 with Retry-After, and routes naming one limit share it', async () => {
    const app = appWith(t.limits, 'mw');
    const sameLimit = appWith(t.limits, 'mw');
    await request(app).get('/x').expect(200);
    await request(sameLimit).get('/x').expect(200);
    const res = await request(app).get('/x').expect(429);
    expect(res.body.code).toBe('RATE_LIMITED');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(30);
    // Another client address has its own budget.
    await request(app).get('/x').set('X-Forwarded-For', '198.51.100.1').expect(200);
  });
});

describe('in-process rate limit (PGlite)', () => {
  it('keeps the counters in memory, not in the table', async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    try {
      const app = appWith(createRateLimits(database.db, { inProcess: true }), 'mem');
      await request(app).get('/x').expect(200);
      await request(app).get('/x').expect(200);
      await request(app).get('/x').expect(429);
      expect(await database.db.select().from(rateLimits)).toHaveLength(0);
    } finally {
      await database.close();
    }
  });
});
