import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres, scratchDatabase, signInOver, startServer, stopAll } from './test-support/server-process';

/**
 * Two API processes on one PostgreSQL database whose LISTEN connections are terminated by the
 * database (pg_terminate_backend: what a restart, a failover or a proxy's idle timeout does to them).
 * The link heals: a write on one instance still reaches the other within 5 s, and the state shows in
 * /readyz and /metrics. Runs in `npm run test:pg` (TEST_DATABASE_URL set).
 */
const baseUrl = process.env.TEST_DATABASE_URL;
const PASSWORD = 'listen-heals-staff-password';
const REACH_WITHIN_MS = 5000;

describe.skipIf(!baseUrl)('the LISTEN link after pg_terminate_backend, two instances', () => {
  const children: ChildProcess[] = [];
  const base = 4610 + (process.pid % 10) * 3;
  const ports = [base, base + 1];
  const metricsPort = base + 2;
  const dbName = `listen_${process.pid}_${Date.now()}`;
  let db: Awaited<ReturnType<typeof scratchDatabase>> | undefined;

  beforeAll(async () => {
    db = await scratchDatabase(baseUrl!, dbName);
    for (const [i, port] of ports.entries()) {
      const { child } = await startServer({
        PORT: String(port),
        DATABASE_URL: db.url,
        DATA_DIR: mkdtempSync(path.join(tmpdir(), `listen-heals-${i}-`)),
        ADMIN_PASSWORD: PASSWORD,
        SEED: 'true',
        ...(i === 0 ? { METRICS_PORT: String(metricsPort) } : {}),
      });
      children.push(child);
    }
  }, 120_000);

  afterAll(async () => {
    await stopAll(children);
    await db?.drop();
  }, 60_000);

  const url = (i: number, p: string) => `http://127.0.0.1:${ports[i]}${p}`;
  const origin = (i: number) => `http://127.0.0.1:${ports[i]}`;
  const signIn = (i: number) => signInOver(origin(i), PASSWORD);
  const addTestimonial = async (cookie: string, name: string) => {
    const created = await fetch(url(1, '/api/admin/testimonials'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: origin(1), Cookie: cookie },
      body: JSON.stringify({
        content: 'Our cache came back on its own.',
        name,
        title: 'CTO',
        company: 'Failover Ltd',
        rating: 5,
        published: true,
        displayOrder: 99,
      }),
    });
    expect(created.status).toBe(201);
  };
  const testimonialNames = async (i: number) =>
    ((await (await fetch(url(i, '/api/testimonials?published=true'))).json()) as { name: string }[]).map(
      (t) => t.name,
    );
  /** Polls instance 0 for `name` for at most REACH_WITHIN_MS; answers whether it showed. */
  const reachesInstance0 = async (name: string) => {
    const deadline = Date.now() + REACH_WITHIN_MS;
    while (Date.now() < deadline) {
      if ((await testimonialNames(0)).includes(name)) return true;
      await new Promise((r) => setTimeout(r, 100));
    }
    return false;
  };
  /** Instance 0's list, read twice so that the second answer comes from its cache. */
  const cacheOn0 = async () => {
    await fetch(url(0, '/api/testimonials?published=true'));
    const again = await fetch(url(0, '/api/testimonials?published=true'));
    expect(again.headers.get('x-cache')).toBe('HIT');
  };
  const readyz = async (i: number) =>
    (await (await fetch(url(i, '/readyz'))).json()) as {
      status: string;
      notifications?: { state: string; reconnects: number };
    };

  it('before: /readyz says the link listens, and the metric says connected', async () => {
    expect(await readyz(0)).toEqual({
      status: 'ready',
      notifications: { state: 'listening', reconnects: 0 },
    });
    const metrics = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    expect(metrics).toMatch(/^db_listen_connected 1$/m);
    expect(metrics).toMatch(/^db_listen_reconnects_total 0$/m);
  });

  it('a write on one instance reaches the other within 5 s after its LISTEN connection was terminated', async () => {
    const cookie = await signIn(1);
    await cacheOn0();
    // Every LISTEN connection of this database (one per instance); an idle one last ran its LISTEN
    // or pg-listen's periodic check.
    const terminated = await onPostgres(baseUrl!, (c) =>
      c.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
          where datname = $1 and (query ilike 'listen %' or query ilike 'select pg_backend_pid()')`,
        [dbName],
      ),
    );
    expect(terminated.rowCount).toBe(2);
    await addTestimonial(cookie, 'Written While Reconnecting');
    expect(await reachesInstance0('Written While Reconnecting')).toBe(true);
  });

  it('the link is back: /readyz and /metrics count the reconnect, and NOTIFY invalidates again', async () => {
    let ready = await readyz(0);
    for (let i = 0; i < 50 && ready.notifications?.state !== 'listening'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      ready = await readyz(0);
    }
    expect(ready).toEqual({ status: 'ready', notifications: { state: 'listening', reconnects: 1 } });
    const metrics = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    expect(metrics).toMatch(/^db_listen_connected 1$/m);
    expect(metrics).toMatch(/^db_listen_reconnects_total 1$/m);
    // Cached again on instance 0, then a second write on instance 1: heard through the new LISTEN.
    const cookie = await signIn(1);
    await cacheOn0();
    await addTestimonial(cookie, 'Written After Reconnect');
    expect(await reachesInstance0('Written After Reconnect')).toBe(true);
  });
});
