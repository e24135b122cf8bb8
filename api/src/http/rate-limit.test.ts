import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp } from '../test-support/test-app';
import { rateLimitHits } from '../db/schema';
import { countHit, rateLimit } from './rate-limit';
import { errorHandler } from './errors';

describe('database-backed rate limit', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('counts hits in one row per key and starts a new window once the old one ended', async () => {
    expect((await countHit(t.db, 'k1', 2, 60_000)).allowed).toBe(true);
    expect((await countHit(t.db, 'k1', 2, 60_000)).allowed).toBe(true);
    const third = await countHit(t.db, 'k1', 2, 60_000);
    expect(third).toMatchObject({ allowed: false, hits: 3 });
    expect(third.retryAfterSeconds).toBeGreaterThan(50);
    expect(await t.db.select().from(rateLimitHits).where(eq(rateLimitHits.key, 'k1'))).toHaveLength(1);
    await t.db
      .update(rateLimitHits)
      .set({ resetAt: sql`now() - interval '1 second'` })
      .where(eq(rateLimitHits.key, 'k1'));
    expect(await countHit(t.db, 'k1', 2, 60_000)).toMatchObject({ allowed: true, hits: 1 });
  });

  it('as middleware: scales the limit and answers 429 with Retry-After', async () => {
    const app = express();
    app.get('/x', rateLimit(t.db, { name: 'mw', limit: 1, windowMs: 30_000, scale: 2 }), (_req, res) => {
      res.send('ok');
    });
    app.use(errorHandler(t.log));
    await request(app).get('/x').expect(200);
    await request(app).get('/x').expect(200);
    const res = await request(app).get('/x').expect(429);
    expect(res.body.code).toBe('RATE_LIMITED');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(30);
  });
});
