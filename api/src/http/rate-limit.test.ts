import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createLogger } from '../logger';
import { openDatabase, type Db } from '../db/client';
import { rateLimitHits } from '../db/schema';
import { countHit, rateLimit } from './rate-limit';
import { errorHandler } from './errors';

describe('database-backed rate limit', () => {
  // The counters used with PostgreSQL (several instances). An app on PGlite counts in memory instead,
  // so this opens the database on its own, as a PostgreSQL-backed instance would use it.
  let t: { db: Db; close: () => Promise<void> };
  beforeAll(async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    t = { db: database.db, close: () => database.close() };
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
    app.use(errorHandler(createLogger('silent')));
    await request(app).get('/x').expect(200);
    await request(app).get('/x').expect(200);
    const res = await request(app).get('/x').expect(429);
    expect(res.body.code).toBe('RATE_LIMITED');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(30);
  });
});
