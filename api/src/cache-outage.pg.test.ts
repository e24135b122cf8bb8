import net from 'node:net';
import request from 'supertest';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from './test-support/test-app';
import { standInSite } from './test-support/stand-in-site';
import { openDatabase, type Database } from './db/client';
import { createApp } from './app';
import { createLogger } from './logger';
import { createPublicCache } from './http/public-cache';

/**
 * PostgreSQL goes away (a TCP path between the app and the server that the test cuts: every socket
 * destroyed, new ones refused) and comes back. Meanwhile cached public answers, pages and API reads,
 * keep answering 200 with the bytes they had, marked stale; once the server answers again, the app
 * is back within a couple of seconds (bounded polls, no timing asserted), writes go through, and a
 * change made while it was away (by another instance: straight in the database) is visible, not
 * hidden behind the stale copy. Runs in `npm run test:pg`.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const TESTIMONIALS = '/api/testimonials?published=true';

/** A TCP path to PostgreSQL that can be cut and restored on the same port. */
function cuttablePath(target: URL) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;
  const open = () =>
    new Promise<void>((resolve, reject) => {
      server = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 5432), target.hostname);
        const drop = () => {
          client.destroy();
          upstream.destroy();
          sockets.delete(client);
          sockets.delete(upstream);
        };
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('error', drop).on('close', drop);
        }
        client.pipe(upstream).pipe(client);
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as net.AddressInfo).port;
        resolve();
      });
    });
  const cut = () =>
    new Promise<void>((resolve) => {
      server!.close(() => resolve());
      for (const s of sockets) s.destroy();
      sockets.clear();
    });
  const url = () => {
    const u = new URL(target);
    u.host = `127.0.0.1:${port}`;
    return u.toString();
  };
  return { open, cut, url };
}

/** Asks `ask` every 100 ms until `done` holds, 50 times at most; answers the last answer. */
async function until<T>(ask: () => Promise<T>, done: (answer: T) => boolean): Promise<T> {
  let answer = await ask();
  for (let i = 0; i < 50 && !done(answer); i++) {
    await new Promise((r) => setTimeout(r, 100));
    answer = await ask();
  }
  return answer;
}

describe.skipIf(!onPostgres)('a PostgreSQL outage, with cached public answers', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let path: ReturnType<typeof cuttablePath>;
  let database: Database;
  let app: ReturnType<typeof createApp>;
  let other: pg.Client;
  const warm: Record<string, string> = {};

  beforeAll(async () => {
    const site = standInSite('cache-outage');
    t = await createTestApp({ seed: true, env: { RATE_LIMIT_SCALE: 100, SITE_ROOT: site } });
    path = cuttablePath(new URL(t.postgresUrl!));
    await path.open();
    database = await openDatabase({ databaseUrl: path.url(), statementTimeoutMs: 3000 });
    app = createApp({ env: t.env, database, log: createLogger('silent'), cache: createPublicCache() });
    // Another instance's view of the same database, which the cut does not reach.
    other = new pg.Client({ connectionString: t.postgresUrl });
    await other.connect();
    // The link that hears other instances' changes is up before anything is cached.
    await until(
      async () => database.listenStatus?.().state,
      (s) => s === 'listening',
    );
  });
  afterAll(async () => {
    await other?.end().catch(() => {});
    await database?.close().catch(() => {});
    await path?.cut().catch(() => {});
    await t?.close();
  });

  it('warm: a page and a public API read are answered from the cache', async () => {
    for (const url of ['/blog', TESTIMONIALS]) {
      await request(app).get(url).expect(200);
      const hit = await request(app).get(url).expect(200);
      expect(hit.headers['x-cache']).toBe('HIT');
      warm[url] = hit.text;
    }
  });

  it('while the database is away, both still answer 200 with the same body, marked stale', async () => {
    await path.cut();
    for (const url of ['/blog', TESTIMONIALS]) {
      const res = await until(
        () => request(app).get(url),
        (r) => r.headers['x-cache'] === 'STALE',
      );
      expect(res.status).toBe(200);
      expect(res.text).toBe(warm[url]);
      expect(res.headers['warning']).toBe('110 - "Response is Stale"');
      expect(Number(res.headers['age'])).toBeGreaterThanOrEqual(0);
    }
    // What was never cached needs the database: a clean 503.
    const uncached = await request(app).get('/api/testimonials');
    expect(uncached.status).toBe(503);
    expect(uncached.headers['retry-after']).toBeDefined();
  });

  it('once it answers again, a change made meanwhile shows, writes go through and caching resumes', async () => {
    await other.query(
      `update testimonials set name = 'Changed While Away'
        where id = (select min(id) from testimonials where published)`,
    );
    await path.open();
    const fresh = await until(
      () => request(app).get(TESTIMONIALS),
      (r) => r.status === 200 && r.text.includes('Changed While Away'),
    );
    expect(fresh.status).toBe(200);
    expect(fresh.text).toContain('Changed While Away');
    expect(fresh.headers['x-cache']).not.toBe('STALE');
    const page = await request(app).get('/blog');
    expect(page.status).toBe(200);
    expect(page.headers['x-cache']).not.toBe('STALE');
    const contact = await request(app).post('/api/contacts').send({
      firstName: 'Back',
      lastName: 'Online',
      email: 'back.online@example.com',
      company: 'Failover Ltd',
      budget: '10k-25k',
      goals: 'Check that writes work once the database is back',
    });
    expect(contact.status).toBe(201);
    const again = await until(
      () => request(app).get(TESTIMONIALS),
      (r) => r.headers['x-cache'] === 'HIT',
    );
    expect(again.headers['x-cache']).toBe('HIT');
    expect(again.text).toContain('Changed While Away');
  });
});
