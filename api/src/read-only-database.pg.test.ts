import request from 'supertest';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from './test-support/test-app';
import { standInSite } from './test-support/stand-in-site';
import { capturedLog } from './test-support/captured-log';

/**
 * A primary that turns read-only (what a failover looks like from here, made with
 * `default_transaction_read_only` on the test's own database): writes answer 503 with Retry-After, not
 * 500; reads keep answering; /readyz says the database is read-only. Runs in `npm run test:pg`.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!onPostgres)('a read-only PostgreSQL', () => {
  const captured = capturedLog();
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let admin: pg.Client;
  let name = '';

  /**
   * Polls /readyz until it answers `status` (the pool replaces the connections we ended); a 503
   * must also say the database is read-only: while the ended connections are replaced, /readyz may
   * briefly answer "Database unavailable".
   */
  async function readyzEventually(status: number) {
    const reached = (res: request.Response) =>
      res.status === status && (status !== 503 || res.body?.message === 'Database is read-only');
    let res = await request(t.app).get('/readyz');
    for (let i = 0; i < 50 && !reached(res); i++) {
      await new Promise((r) => setTimeout(r, 100));
      res = await request(t.app).get('/readyz');
    }
    return res;
  }

  /** Applies `setting` to new sessions and ends the app's current ones, so every connection has it. */
  async function setAndReconnect(setting: 'on' | 'off') {
    await admin.query(`alter database "${name}" set default_transaction_read_only = ${setting}`);
    await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [name],
    );
  }

  beforeAll(async () => {
    t = await createTestApp({
      seed: true,
      env: { RATE_LIMIT_SCALE: 100, SITE_ROOT: standInSite('read-only-database') },
      log: captured.log,
    });
    name = new URL(t.postgresUrl!).pathname.slice(1);
    const server = new URL(t.postgresUrl!);
    server.pathname = '/postgres';
    admin = new pg.Client({ connectionString: server.toString() });
    await admin.connect();
    expect((await request(t.app).get('/readyz')).status).toBe(200);
    await setAndReconnect('on');
  });
  afterAll(async () => {
    await admin?.end().catch(() => {});
    await t?.close();
  });

  it('/readyz answers 503 "Database is read-only" with Retry-After; /healthz stays 200', async () => {
    const res = await readyzEventually(503);
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ message: 'Database is read-only', code: 'SERVICE_UNAVAILABLE' });
    expect(res.headers['retry-after']).toBe('5');
    await request(t.app).get('/healthz').expect(200);
  });

  it('a write answers 503 with Retry-After (25006), not 500; reads keep answering', async () => {
    await readyzEventually(503);
    const res = await request(t.app).post('/api/newsletter').send({ email: 'ro@example.com' });
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.body).toEqual({ message: 'Service temporarily unavailable', code: 'SERVICE_UNAVAILABLE' });
    expect(captured.lines.some((l) => l.kind === 'database-unavailable:25006')).toBe(true);
    expect(captured.lines.some((l) => String(l.kind).startsWith('unhandled:'))).toBe(false);
    const list = await request(t.app).get('/api/blog-posts');
    expect(list.status).toBe(200);
    expect(Array.isArray(list.body) ? list.body.length : list.body.items?.length).toBeGreaterThan(0);
  });

  it('/readyz answers 200 and writes are stored again once the database takes writes', async () => {
    await setAndReconnect('off');
    expect((await readyzEventually(200)).status).toBe(200);
    const res = await request(t.app).post('/api/newsletter').send({ email: 'rw@example.com' });
    expect(res.status).toBe(201);
  });
});
