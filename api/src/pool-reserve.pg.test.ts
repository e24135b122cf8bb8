import request from 'supertest';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from './test-support/test-app';
import { standInSite } from './test-support/stand-in-site';
import { POOL_SIZE } from './db/client';
import { isDatabaseUnavailable } from './http/errors';

/**
 * Writes queued on a locked hot table (another session holds contact_requests in ACCESS EXCLUSIVE
 * mode) must not take every pool connection: an uncached public read and /readyz still answer 200
 * while more writes than the pool has connections wait, and once the lock goes every write completes
 * or fails with what the error handler answers 503. The writes go through the app's own database
 * handle (a transaction each, as the app's write routes do, and single statements), so that what
 * they wait on is the lock and nothing of a route's own. Runs in `npm run test:pg`.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
/** Longer than the pool's 5 s connection wait, so that writers hold their connections past it. */
const STATEMENT_TIMEOUT_MS = 9000;
const WRITES = POOL_SIZE + 5;

describe.skipIf(!onPostgres)('writes queued on a locked table on PostgreSQL', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let locker: pg.Client;

  beforeAll(async () => {
    t = await createTestApp({
      seed: true,
      env: {
        DB_STATEMENT_TIMEOUT_MS: STATEMENT_TIMEOUT_MS,
        RATE_LIMIT_SCALE: 100,
        SITE_ROOT: standInSite('pool-reserve'),
      },
    });
    locker = new pg.Client({ connectionString: t.postgresUrl });
    await locker.connect();
  });
  afterAll(async () => {
    await locker?.query('rollback').catch(() => {});
    await locker?.end().catch(() => {});
    await t?.close();
  });

  /** Sessions waiting for the locked table (pg_locks: pg_stat_activity is one snapshot per transaction). */
  const lockWaiters = async () => {
    const { rows } = await locker.query<{ n: number }>(
      `select count(*)::int as n from pg_locks where not granted and relation = 'contact_requests'::regclass`,
    );
    return rows[0]!.n;
  };

  it('an uncached read and /readyz answer 200 while more writes than the pool wait; then each write is done or a 503', async () => {
    await locker.query('begin');
    await locker.query('lock table contact_requests in access exclusive mode');
    const writes = Array.from({ length: WRITES }, (_, i) =>
      (i % 2
        ? t.db.transaction(async (tx) => {
            await tx.execute(sql`update contact_requests set goals = goals where false`);
          })
        : t.db.execute(sql`delete from contact_requests where false`)
      ).then(
        () => 'done' as const,
        (err: unknown) => (isDatabaseUnavailable(err) ? ('503' as const) : err),
      ),
    );
    // The writers have reached the lock before the reads are asked (bounded: 5 s).
    for (let i = 0; i < 100 && (await lockWaiters()) < POOL_SIZE - 3; i++)
      await new Promise((r) => setTimeout(r, 50));
    expect(await lockWaiters()).toBeGreaterThanOrEqual(POOL_SIZE - 3);
    // Never asked before: not in the public cache, so it needs a connection.
    const read = await request(t.app).get('/api/testimonials?published=true').timeout(20_000);
    expect(read.status).toBe(200);
    expect(read.headers['x-cache']).toBe('MISS');
    expect(Array.isArray(read.body)).toBe(true);
    const ready = await request(t.app).get('/readyz').timeout(20_000);
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({ status: 'ready' });

    await locker.query('rollback');
    const outcomes = await Promise.all(writes);
    expect(outcomes.filter((o) => o !== 'done' && o !== '503')).toEqual([]);
    // Those that held a connection went through once the lock was gone.
    expect(outcomes.filter((o) => o === 'done').length).toBeGreaterThanOrEqual(POOL_SIZE - 3);
    // And the pool is whole again: a write through a route goes through at once.
    await request(t.app).get('/readyz').expect(200);
  }, 30_000);
});
