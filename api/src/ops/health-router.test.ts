import net from 'node:net';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { openDatabase } from '../db/client';
import { createTestApp } from '../test-support/test-app';
import { signIn, staffClient, STAFF_PASSWORD } from '../admin/admin-test-support';
import { pngOfSize } from '../test-support/files';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const UNAVAILABLE = { message: 'Database unavailable', code: 'SERVICE_UNAVAILABLE' };

/** Polls `path` until it answers `status` (a recovering pool may need a try or two). */
async function eventually(app: Parameters<typeof request>[0], path: string, status: number) {
  let last = 0;
  for (let i = 0; i < 50 && last !== status; i++) {
    last = (await request(app).get(path)).status;
    if (last !== status) await new Promise((r) => setTimeout(r, 100));
  }
  return last;
}

/** A TCP relay to PostgreSQL that a test can cut (refusing and dropping connections) and restore. */
async function cuttableRelay(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;
  const up = async () => {
    server = net.createServer((client) => {
      const upstream = net.connect(target.port, target.host);
      for (const s of [client, upstream]) {
        sockets.add(s);
        s.on('close', () => sockets.delete(s));
        s.on('error', () => {});
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  };
  const down = async () => {
    const closed = new Promise<void>((resolve) => server!.close(() => resolve()));
    for (const s of sockets) s.destroy();
    await closed;
  };
  await up();
  return { port: () => port, up, down };
}

describe('/healthz and /readyz', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  it('answer 200 while the process runs and the database is up to date, never cached', async () => {
    const t = await createTestApp();
    cleanups.push(t.close);
    const health = await request(t.app).get('/healthz').expect(200);
    expect(health.body).toEqual({ status: 'ok' });
    const ready = await request(t.app).get('/readyz').expect(200);
    // On PostgreSQL the detail names the LISTEN link's state (see listen-heals.pg.test.ts).
    expect(ready.body).toEqual(
      onPostgres
        ? { status: 'ready', notifications: { state: expect.any(String), reconnects: 0 } }
        : { status: 'ready' },
    );
    expect(ready.headers['cache-control']).toBe('no-store');
  });

  it('/readyz answers 503 while a migration this code ships is missing, and 200 once it is there', async () => {
    const t = await createTestApp();
    cleanups.push(t.close);
    const newest = sql`(select max(created_at) from drizzle.__drizzle_migrations)`;
    await t.db.execute(
      sql`update drizzle.__drizzle_migrations set created_at = created_at - 1 where created_at = ${newest}`,
    );
    const res = await request(t.app).get('/readyz').expect(503);
    expect(res.body).toEqual({ message: 'Database migrations are pending', code: 'SERVICE_UNAVAILABLE' });
    expect((await request(t.app).get('/healthz')).status).toBe(200);
    await t.db.execute(
      sql`update drizzle.__drizzle_migrations set created_at = created_at + 1 where created_at = ${newest}`,
    );
    await request(t.app).get('/readyz').expect(200);
  });

  it.skipIf(onPostgres)('with PGlite closed: /readyz 503, /healthz still 200', async () => {
    const t = await createTestApp();
    cleanups.push(t.close);
    await t.database.close();
    expect((await request(t.app).get('/readyz').expect(503)).body).toEqual(UNAVAILABLE);
    await request(t.app).get('/healthz').expect(200);
  });

  it.runIf(onPostgres)(
    'PostgreSQL unreachable: /readyz 503 (and reads 503), then 200 when it is back, without a restart',
    async () => {
      const t = await createTestApp({ env: { ADMIN_PASSWORD: STAFF_PASSWORD } });
      cleanups.push(t.close);
      const direct = new URL(t.postgresUrl!);
      const relay = await cuttableRelay({ host: direct.hostname, port: Number(direct.port || 5432) });
      const viaRelay = new URL(direct);
      viaRelay.hostname = '127.0.0.1';
      viaRelay.port = String(relay.port());
      const database = await openDatabase({ databaseUrl: viaRelay.toString() });
      cleanups.push(() => database.close().catch(() => {}));
      const app = createApp({ env: t.env, database, log: t.log });
      const staff = staffClient(app, await signIn(app));
      const { body } = await staff.post('/api/admin/upload').attach('image', pngOfSize(1000), 'a.png');
      await request(app).get('/readyz').expect(200);

      await relay.down();
      expect((await request(app).get('/readyz').expect(503)).body).toEqual(UNAVAILABLE);
      await request(app).get('/healthz').expect(200);
      expect((await request(app).get('/api/blog-posts')).status).toBe(503);
      const file = await request(app).get(body.url);
      expect(file.status).toBe(503);
      expect(file.headers['cache-control'] ?? '').not.toMatch(/immutable/);

      await relay.up();
      expect(await eventually(app, '/readyz', 200)).toBe(200);
      await request(app).get(body.url).expect(200);
      cleanups.push(relay.down);
    },
  );
});
