import request from 'supertest';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from './test-support/test-app';
import { standInSite } from './test-support/stand-in-site';
import { capturedLog } from './test-support/captured-log';

/**
 * A stuck database (a table locked by another session for 20 s) on PostgreSQL: requests that need the
 * table answer 503 with Retry-After once the per-statement bound passes (short here, by
 * DB_STATEMENT_TIMEOUT_MS), not 500 and not after the whole stall; the log holds no query parameters
 * and one line per kind of failure. Runs in `npm run test:pg` (TEST_DATABASE_URL set).
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
/** Well under the 12 s within which the stall must be answered: supertest gives up after that. */
const STATEMENT_TIMEOUT_MS = 1500;
const ANSWER_WITHIN_MS = 12_000;

const contact = (email: string) => ({
  firstName: 'Grace',
  lastName: 'Hopper',
  email,
  company: 'Compilers Ltd',
  budget: '10k-25k',
  goals: 'Find out whether a stuck database answers quickly',
});

describe.skipIf(!onPostgres)('a table locked for 20 s on PostgreSQL', () => {
  const captured = capturedLog();
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let locker: pg.Client;

  beforeAll(async () => {
    t = await createTestApp({
      seed: true,
      env: {
        DB_STATEMENT_TIMEOUT_MS: STATEMENT_TIMEOUT_MS,
        RATE_LIMIT_SCALE: 100,
        SITE_ROOT: standInSite('bounded-waits'),
      },
      log: captured.log,
    });
    locker = new pg.Client({ connectionString: t.postgresUrl });
    await locker.connect();
    await locker.query('begin');
    await locker.query('lock table contact_requests, site_settings in access exclusive mode');
    // The stall lasts until the tests end it (a timer here lifted it mid-run on a slow machine).
  });
  afterAll(async () => {
    await locker?.query('rollback').catch(() => {});
    await locker?.end().catch(() => {});
    await t?.close();
  });

  it('a sign-up that needs the table answers 503 with Retry-After, not 500 and not after the stall', async () => {
    const res = await request(t.app)
      .post('/api/contacts')
      .timeout(ANSWER_WITHIN_MS)
      .send(contact('grace.hopper@example.com'));
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.body).toEqual({ message: 'Service temporarily unavailable', code: 'SERVICE_UNAVAILABLE' });
  });

  it('a page not in the cache answers 503 with Retry-After instead of 200 with an empty shell', async () => {
    const res = await request(t.app).get('/about').timeout(ANSWER_WITHIN_MS);
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('the failing inserts leave no e-mail address in the log, and one line for the kind of failure', async () => {
    for (const who of ['ada.lovelace', 'alan.turing']) {
      const res = await request(t.app)
        .post('/api/contacts')
        .timeout(ANSWER_WITHIN_MS)
        .send(contact(`${who}@example.com`));
      expect(res.status).toBe(503);
    }
    const text = captured.text();
    expect(text).not.toMatch(/@example\.com/);
    expect(text).not.toMatch(/Grace|Hopper|Compilers Ltd/);
    // Three inserts cancelled the same way: one full line; the rest are counted into its summary.
    const cancelled = captured.lines.filter(
      (l) => l['msg'] === 'database unavailable' && l['kind'] === 'database-unavailable:57014',
    );
    expect(cancelled).toHaveLength(1);
    // The line still says what failed: the statement, without the values it was given.
    expect(JSON.stringify(cancelled[0])).toMatch(/insert into \\"contact_requests\\"/);
    expect(JSON.stringify(cancelled[0])).toMatch(/canceling statement due to statement timeout/);
  });

  it('a contact queued behind a blocked group waits one statement timeout in all, not two', async () => {
    const timed = async (email: string) => {
      const started = performance.now();
      const res = await request(t.app).post('/api/contacts').timeout(ANSWER_WITHIN_MS).send(contact(email));
      return { status: res.status, ms: performance.now() - started };
    };
    const first = timed('first.in.line@example.com');
    // The second arrives while the first group's statement waits on the lock: it queues behind it.
    await new Promise((r) => setTimeout(r, 150));
    const second = await timed('second.in.line@example.com');
    expect((await first).status).toBe(503);
    expect(second.status).toBe(503);
    // Before: the rest of the first group's bound, then a full bound of its own (about 2.8 s here).
    expect(second.ms).toBeLessThan(STATEMENT_TIMEOUT_MS * 1.5);
  });

  it('once the lock is gone, the same sign-up is stored (201)', async () => {
    await locker.query('rollback');
    const res = await request(t.app).post('/api/contacts').send(contact('grace.hopper@example.com'));
    expect(res.status).toBe(201);
  });
});
