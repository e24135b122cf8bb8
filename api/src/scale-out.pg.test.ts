import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';

/**
 * Two API processes on one PostgreSQL database, as behind a load balancer. Runs in `npm run test:pg`
 * (TEST_DATABASE_URL set); skipped on the embedded-PGlite run.
 */
const baseUrl = process.env.TEST_DATABASE_URL;
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PASSWORD = 'scale-out-staff-password';

describe.skipIf(!baseUrl)('scale-out: two API instances on one PostgreSQL', () => {
  const children: ChildProcess[] = [];
  const ports = [3900 + (process.pid % 40) * 2, 3901 + (process.pid % 40) * 2];
  const dbName = `scale_${process.pid}_${Date.now()}`;
  let dbUrl = '';

  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: baseUrl });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };

  beforeAll(async () => {
    await admin(`create database ${dbName}`);
    const u = new URL(baseUrl!);
    u.pathname = `/${dbName}`;
    dbUrl = u.toString();
    // Start one instance first so migrations run once, then the second.
    for (const port of ports) {
      const child = spawn(process.execPath, ['--import', 'tsx', 'api/src/server.ts'], {
        cwd: ROOT,
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATABASE_URL: dbUrl,
          ADMIN_PASSWORD: PASSWORD,
          LOG_LEVEL: 'warn',
        },
        stdio: 'ignore',
      });
      children.push(child);
      const deadline = Date.now() + 60_000;
      for (;;) {
        const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
          (r) => r.ok,
          () => false,
        );
        if (ok) break;
        if (Date.now() > deadline) throw new Error(`instance on ${port} did not start`);
        await new Promise((r) => setTimeout(r, 300));
      }
    }
  }, 120_000);

  afterAll(async () => {
    await Promise.all(
      children.map(
        (c) =>
          new Promise<void>((resolve) =>
            c.exitCode !== null ? resolve() : (c.once('exit', () => resolve()), c.kill('SIGTERM')),
          ),
      ),
    );
    await admin(`drop database if exists ${dbName} with (force)`);
  }, 60_000);

  const url = (i: number, p: string) => `http://127.0.0.1:${ports[i]}${p}`;

  it('a staff session started on one instance is valid on the other, and logout on it ends it everywhere', async () => {
    const login = await fetch(url(0, '/api/admin/auth'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: `http://127.0.0.1:${ports[0]}` },
      body: JSON.stringify({ password: PASSWORD }),
    });
    expect(login.status).toBe(200);
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    expect(cookie).toMatch(/=/);
    const onOther = await fetch(url(1, '/api/admin/pages'), { headers: { Cookie: cookie } });
    expect(onOther.status).toBe(200);
    expect(Array.isArray(await onOther.json())).toBe(true);

    const logout = await fetch(url(1, '/api/admin/logout'), {
      method: 'POST',
      headers: { Cookie: cookie, Origin: `http://127.0.0.1:${ports[1]}`, 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(logout.status).toBeLessThan(300);
    expect((await fetch(url(0, '/api/admin/pages'), { headers: { Cookie: cookie } })).status).toBe(401);
  });

  it('both instances see the same data: a subscription on one is a duplicate on the other', async () => {
    const email = `scale.${Date.now()}@example.com`;
    const post = (i: number) =>
      fetch(url(i, '/api/newsletter'), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email }),
      });
    expect((await post(0)).status).toBe(201);
    const dup = await post(1);
    expect(dup.status).toBe(409);
    expect(await dup.text()).toContain('already subscribed');
  });

  it('a CMS change made through one instance shows at the next read on the other (cache invalidated by NOTIFY)', async () => {
    const origin = (i: number) => `http://127.0.0.1:${ports[i]}`;
    const login = await fetch(url(1, '/api/admin/auth'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: origin(1) },
      body: JSON.stringify({ password: PASSWORD }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    // Instance 0 caches the public list.
    await fetch(url(0, '/api/testimonials?published=true'));
    const cached = await fetch(url(0, '/api/testimonials?published=true'));
    expect(cached.headers.get('x-cache')).toBe('HIT');
    const before = (await cached.json()) as Array<{ name: string }>;
    // Staff add a testimonial through instance 1.
    const created = await fetch(url(1, '/api/admin/testimonials'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: origin(1), Cookie: cookie },
      body: JSON.stringify({
        content: 'They found the leak in our funnel in a week.',
        name: 'Scale Out Tester',
        title: 'CMO',
        company: 'Two Instances Ltd',
        rating: 5,
        published: true,
        displayOrder: 99,
      }),
    });
    expect(created.status).toBe(201);
    // The other instance hears the NOTIFY; poll briefly, since delivery is asynchronous.
    let names: string[] = [];
    for (let i = 0; i < 40 && !names.includes('Scale Out Tester'); i++) {
      names = (
        (await (await fetch(url(0, '/api/testimonials?published=true'))).json()) as Array<{ name: string }>
      ).map((t) => t.name);
      if (!names.includes('Scale Out Tester')) await new Promise((r) => setTimeout(r, 50));
    }
    expect(names).toContain('Scale Out Tester');
    expect(names.length).toBe(before.length + 1);
  });
});
