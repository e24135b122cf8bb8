import { createHash } from 'node:crypto';
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import type { App } from 'supertest/types';
import { STAFF_PASSWORD_MIN_LENGTH } from '@agency/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCredentials, adminSessions } from '../db/schema';
import { createTestApp } from '../test-support/test-app';
import { SITE_HOST, STAFF_PASSWORD, signIn, staffClient } from '../admin/admin-test-support';
import { verifyPassword, hashPassword, SCRYPT_CONCURRENCY, SCRYPT_QUEUE } from '../admin/password-hash';
import { createApp } from '../app';
import { readEnv } from '../env';
import { REPO_ROOT, exited, serverCommand } from '../test-support/server-process';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const tokenOf = (cookie: string) => cookie.slice(cookie.indexOf('=') + 1);
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const setCookie = (res: request.Response) => ([] as string[]).concat(res.headers['set-cookie'] ?? []);
const sessionProbe = (t: { app: App }, cookie: string) =>
  request(t.app).get('/api/admin/session').set('Cookie', cookie).set('Host', SITE_HOST);

describe('authentication and session', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_PASSWORD: STAFF_PASSWORD } });
  });
  afterAll(() => t.close());

  it('refuses a wrong password with 401 "Invalid password" and sets no cookie', async () => {
    const res = await request(t.app).post('/api/admin/auth').send({ password: 'not the password' });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Invalid password', code: 'UNAUTHORIZED' });
    expect(res.headers['set-cookie']).toBeUndefined();
    // Case and surrounding whitespace matter: no "close enough" password.
    await request(t.app).post('/api/admin/auth').send({ password: STAFF_PASSWORD.toUpperCase() }).expect(401);
    await request(t.app)
      .post('/api/admin/auth')
      .send({ password: ` ${STAFF_PASSWORD}` })
      .expect(401);
  });

  it('refuses non-string and oversized passwords with 400, never 500', async () => {
    for (const password of [['a'], { $ne: '' }, 1, null, true, 'x'.repeat(1001)]) {
      const res = await request(t.app).post('/api/admin/auth').send({ password });
      expect(res.status, JSON.stringify(password).slice(0, 40)).toBe(400);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('sets an HttpOnly, SameSite=Strict, Path=/ session cookie, not Secure over plain http', async () => {
    const res = await request(t.app).post('/api/admin/auth').send({ password: STAFF_PASSWORD }).expect(200);
    const [cookie, ...others] = setCookie(res);
    // Besides the session: the CMS's signed-in hint (no secret, value 1, script-readable by design) and
    // the known-browser mark (issue 36 item 6): HttpOnly, Strict, sign-in only.
    expect(others.map((c) => c.split('=')[0])).toEqual(['staff_signed_in', 'staff_known_browser']);
    expect(others[0]).toMatch(/^staff_signed_in=1; /);
    const known = others[1]!.split(';').map((a) => a.trim());
    expect(known).toEqual(expect.arrayContaining(['HttpOnly', 'SameSite=Strict', 'Path=/api/admin/auth']));
    expect(known).not.toContain('Secure');
    const attrs = cookie!.split(';').map((a) => a.trim());
    expect(attrs[0]).toMatch(/^staff_session=[A-Za-z0-9_-]{43}$/);
    expect(attrs).toContain('HttpOnly');
    expect(attrs).toContain('SameSite=Strict');
    expect(attrs).toContain('Path=/');
    expect(attrs.some((a) => /^Domain=/i.test(a))).toBe(false);
    expect(attrs).not.toContain('Secure');
  });

  it('marks the cookie Secure behind a trusted https proxy, and only then', async () => {
    const proxied = await createTestApp({ env: { ADMIN_PASSWORD: STAFF_PASSWORD, TRUST_PROXY: 1 } });
    try {
      const https = await request(proxied.app)
        .post('/api/admin/auth')
        .set('X-Forwarded-Proto', 'https')
        .send({ password: STAFF_PASSWORD })
        .expect(200);
      expect(
        setCookie(https)[0]!
          .split(';')
          .map((a) => a.trim()),
      ).toContain('Secure');
      const http = await request(proxied.app)
        .post('/api/admin/auth')
        .set('X-Forwarded-Proto', 'http')
        .send({ password: STAFF_PASSWORD })
        .expect(200);
      expect(setCookie(http)[0]).not.toMatch(/;\s*Secure/);
    } finally {
      await proxied.close();
    }
    // Without a trusted proxy a client cannot claim https for itself (and nothing else changes).
    const spoofed = await request(t.app)
      .post('/api/admin/auth')
      .set('X-Forwarded-Proto', 'https')
      .send({ password: STAFF_PASSWORD })
      .expect(200);
    expect(setCookie(spoofed)[0]).not.toMatch(/;\s*Secure/);
  });

  it('answers a new random session id at every sign-in and ends the browser’s previous session', async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 5; i++) ids.add(tokenOf(await signIn(t.app)));
    expect(ids.size).toBe(5);
    // Session fixation: signing in while presenting an existing id never keeps that id alive.
    const first = await signIn(t.app);
    const res = await request(t.app)
      .post('/api/admin/auth')
      .set('Cookie', first)
      .send({ password: STAFF_PASSWORD })
      .expect(200);
    const second = setCookie(res)[0]!.split(';')[0]!;
    expect(second).not.toBe(first);
    await sessionProbe(t, first).expect(401);
    await sessionProbe(t, second).expect(200);
  });

  it('stores only a SHA-256 hash of the session id, and the hash itself is no key', async () => {
    const cookie = await signIn(t.app);
    const token = tokenOf(cookie);
    const rows = await t.db.select().from(adminSessions);
    const dump = JSON.stringify(rows);
    expect(dump).not.toContain(token);
    expect(rows.map((r) => r.id)).toContain(sha256(token));
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.id))).toBe(true);
    await sessionProbe(t, `staff_session=${sha256(token)}`).expect(401);
  });

  it('answers 401 for missing, forged and random session cookies', async () => {
    await request(t.app).get('/api/admin/pages').expect(401);
    for (const forged of [
      'staff_session=forged',
      'staff_session=',
      `staff_session=${'A'.repeat(43)}`,
      `staff_session=${Buffer.alloc(32, 7).toString('base64url')}`,
      "staff_session=' OR '1'='1",
      'staff_session=authenticated; admin_authenticated=true',
    ]) {
      const res = await request(t.app).get('/api/admin/pages').set('Cookie', forged).set('Host', SITE_HOST);
      expect(res.status, forged).toBe(401);
      expect(res.body.code).toBe('UNAUTHORIZED');
    }
  });

  it('logout ends the session on the server: the old cookie is useless afterwards', async () => {
    const cookie = await signIn(t.app);
    const staff = staffClient(t.app, cookie);
    await staff.get('/api/admin/pages').expect(200);
    const out = await staff.post('/api/admin/logout').expect(204);
    expect(setCookie(out)[0]).toMatch(/^staff_session=;.*Expires=Thu, 01 Jan 1970/);
    const stored = await t.db.select({ id: adminSessions.id }).from(adminSessions);
    expect(stored.map((r) => r.id)).not.toContain(sha256(tokenOf(cookie)));
    // Replaying the cookie (e.g. copied before logout) gets nothing.
    await staff.get('/api/admin/pages').expect(401);
    await staff.get('/api/admin/session').expect(401);
    await staff.post('/api/admin/pages').send({ name: 'X', slug: 'after-logout', title: 'X' }).expect(401);
  });

  it('ends sessions server-side after 2 h idle and 12 h after sign-in', async () => {
    const idle = await signIn(t.app);
    const old = await signIn(t.app);
    await t.db.execute(
      sql`update admin_sessions set last_seen_at = now() - interval '2 hours 1 minute' where id = ${sha256(tokenOf(idle))}`,
    );
    await t.db.execute(
      sql`update admin_sessions set expires_at = now() - interval '1 second' where id = ${sha256(tokenOf(old))}`,
    );
    await sessionProbe(t, idle).expect(401);
    await sessionProbe(t, old).expect(401);
  });

  it('never lets admin answers be cached', async () => {
    const cookie = await signIn(t.app);
    for (const path of ['/api/admin/session', '/api/admin/pages', '/api/admin/leads']) {
      const res = await staffClient(t.app, cookie).get(path).expect(200);
      expect(res.headers['cache-control'], path).toBe('private, no-store');
    }
    const denied = await request(t.app).get('/api/admin/pages').expect(401);
    expect(denied.headers['cache-control']).toBe('private, no-store');
  });

  it('stores the staff credential as a salted scrypt hash, never the password', async () => {
    const rows = await t.db.select().from(adminCredentials);
    expect(rows).toHaveLength(1);
    const hash = rows[0]!.passwordHash;
    expect(hash).toMatch(/^scrypt\$\d+\$\d+\$\d+\$[A-Za-z0-9+/=]{20,}\$[A-Za-z0-9+/=]{80,}$/);
    const [, n] = hash.split('$');
    expect(Number(n)).toBeGreaterThanOrEqual(2 ** 14);
    expect(hash).not.toContain(STAFF_PASSWORD);
    expect(hash).not.toContain(Buffer.from(STAFF_PASSWORD).toString('base64'));
    expect(hash).not.toContain(sha256(STAFF_PASSWORD));
  });

  it('rate-limits wrong passwords (429 + Retry-After, even for the right one) but never successful sign-ins', async () => {
    const t = await createTestApp({ env: { ADMIN_PASSWORD: STAFF_PASSWORD } });
    try {
      for (let i = 0; i < 12; i++) {
        await request(t.app).post('/api/admin/auth').send({ password: STAFF_PASSWORD }).expect(200);
      }
      for (let i = 0; i < 10; i++) {
        await request(t.app)
          .post('/api/admin/auth')
          .send({ password: `guess-${i}` })
          .expect(401);
      }
      const locked = await request(t.app).post('/api/admin/auth').send({ password: 'guess-10' });
      expect(locked.status).toBe(429);
      expect(locked.body.code).toBe('RATE_LIMITED');
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
      const right = await request(t.app).post('/api/admin/auth').send({ password: STAFF_PASSWORD });
      expect(right.status).toBe(429);
      expect(right.headers['set-cookie']).toBeUndefined();
      // A spoofed X-Forwarded-For does not open a fresh budget when no proxy is trusted.
      await request(t.app)
        .post('/api/admin/auth')
        .set('X-Forwarded-For', '198.51.100.7')
        .send({ password: STAFF_PASSWORD })
        .expect(429);
    } finally {
      await t.close();
    }
  });

  it('changing the password needs the current one, ends every session, and retires the old password', async () => {
    const t = await createTestApp({ env: { ADMIN_PASSWORD: STAFF_PASSWORD } });
    try {
      const mine = await signIn(t.app);
      const other = await signIn(t.app);
      const staff = staffClient(t.app, mine);
      const before = (await t.db.select().from(adminCredentials))[0]!.passwordHash;
      await staff.post('/api/admin/password').send({ newPassword: 'a brand new staff password' }).expect(400);
      const wrong = await staff
        .post('/api/admin/password')
        .send({ currentPassword: 'not it', newPassword: 'a brand new staff password' })
        .expect(400);
      expect(wrong.body.fields.currentPassword).toBe('The current password is not correct');
      expect((await t.db.select().from(adminCredentials))[0]!.passwordHash).toBe(before);
      await staffClient(t.app, other).get('/api/admin/session').expect(200);
      // Not from another site, even with the right current password.
      await request(t.app)
        .post('/api/admin/password')
        .set('Cookie', mine)
        .set('Host', SITE_HOST)
        .set('Origin', 'http://evil.example')
        .send({ currentPassword: STAFF_PASSWORD, newPassword: 'a brand new staff password' })
        .expect(403);

      const changed = await staff
        .post('/api/admin/password')
        .send({ currentPassword: STAFF_PASSWORD, newPassword: 'a brand new staff password' })
        .expect(204);
      // The old id ends with the old password; whoever changed it carries on under a new id.
      const fresh = setCookie(changed)[0]!.split(';')[0]!;
      expect(tokenOf(fresh)).not.toBe(tokenOf(mine));
      await staff.get('/api/admin/session').expect(401);
      await sessionProbe(t, fresh).expect(200);
      await staffClient(t.app, other).get('/api/admin/session').expect(401);
      await request(t.app).post('/api/admin/auth').send({ password: STAFF_PASSWORD }).expect(401);
      await signIn(t.app, 'a brand new staff password');
      const after = (await t.db.select().from(adminCredentials))[0]!.passwordHash;
      expect(after).not.toBe(before);
      expect(after).not.toContain('a brand new staff password');
    } finally {
      await t.close();
    }
  });

  it('password changes are rate-limited too (429 after 10 attempts)', async () => {
    const t = await createTestApp({ env: { ADMIN_PASSWORD: STAFF_PASSWORD } });
    try {
      const staff = staffClient(t.app, await signIn(t.app));
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) {
        statuses.push(
          (
            await staff
              .post('/api/admin/password')
              .send({ currentPassword: `guess-${i}`, newPassword: 'a brand new staff password' })
          ).status,
        );
      }
      expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
      expect(statuses[10]).toBe(429);
    } finally {
      await t.close();
    }
  });
  it('30 concurrent wrong passwords from one address: at most 10 are checked, the rest answer 429', async () => {
    const t = await createTestApp({ env: { ADMIN_PASSWORD: STAFF_PASSWORD } });
    try {
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          request(t.app)
            .post('/api/admin/auth')
            .send({ password: `guess-${i}` }),
        ),
      );
      const statuses = answers.map((r) => r.status);
      const checked = statuses.filter((s) => s === 401).length;
      expect(checked).toBeGreaterThan(0);
      expect(checked).toBeLessThanOrEqual(10);
      expect(statuses.filter((s) => s === 429)).toHaveLength(30 - checked);
      for (const r of answers.filter((a) => a.status === 429)) {
        expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
      }
    } finally {
      await t.close();
    }
  });

  it('a ceiling on failures from all addresses together stops guessing spread over many addresses', async () => {
    // Scale 0.2: 2 failures per address and 20 overall per window.
    const t = await createTestApp({
      env: { ADMIN_PASSWORD: STAFF_PASSWORD, TRUST_PROXY: 1, RATE_LIMIT_SCALE: 0.2 },
    });
    const from = (i: number, password: string) =>
      request(t.app).post('/api/admin/auth').set('X-Forwarded-For', `198.51.100.${i}`).send({ password });
    try {
      for (let i = 0; i < 10; i++) {
        await from(i, `guess-${i}-a`).expect(401);
        await from(i, `guess-${i}-b`).expect(401);
      }
      const fresh = await from(50, 'guess-50');
      expect(fresh.status).toBe(429);
      expect(fresh.body.code).toBe('RATE_LIMITED');
      // There is one account: while the ceiling holds, nobody signs in, whatever their address.
      const right = await from(51, STAFF_PASSWORD);
      expect(right.status).toBe(429);
      expect(right.headers['set-cookie']).toBeUndefined();
    } finally {
      await t.close();
    }
  });

  it('password checks in flight are capped: a burst beyond the queue is refused at once with 429', async () => {
    const hash = await hashPassword('some staff password');
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) => verifyPassword(`guess-${i}`, hash)),
    );
    const checked = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(checked.length).toBeLessThanOrEqual(SCRYPT_CONCURRENCY + SCRYPT_QUEUE);
    expect(refused.length).toBe(30 - checked.length);
    for (const r of refused) expect(r.reason).toMatchObject({ status: 429, retryAfterSeconds: 1 });
  });

  it('a new ADMIN_PASSWORD at start ends every session; restarting with the same one keeps them', async () => {
    const t = await createTestApp({ env: { ADMIN_PASSWORD: STAFF_PASSWORD } });
    try {
      const cookie = await signIn(t.app);
      const restarted = createApp({ env: t.env, database: t.database, log: t.log });
      await signIn(restarted);
      await sessionProbe({ app: restarted }, cookie).expect(200);

      const replaced = 'a different staff password';
      const changed = createApp({
        env: { ...t.env, ADMIN_PASSWORD: replaced },
        database: t.database,
        log: t.log,
      });
      // Signing in waits for the start-up work, which replaced the stored password.
      const fresh = await signIn(changed, replaced);
      await sessionProbe({ app: changed }, cookie).expect(401);
      await sessionProbe({ app: changed }, fresh).expect(200);
    } finally {
      await t.close();
    }
  });

  it('refuses to start with an ADMIN_PASSWORD shorter than the Settings minimum, naming the rule, never the value', async () => {
    const short = 'x7'.repeat(Math.floor((STAFF_PASSWORD_MIN_LENGTH - 1) / 2));
    expect(() => readEnv({ ADMIN_PASSWORD: short })).toThrow(
      new RegExp(`ADMIN_PASSWORD.*at least ${STAFF_PASSWORD_MIN_LENGTH} characters`),
    );
    expect(readEnv({ ADMIN_PASSWORD: 'x'.repeat(STAFF_PASSWORD_MIN_LENGTH) }).ADMIN_PASSWORD).toHaveLength(
      STAFF_PASSWORD_MIN_LENGTH,
    );

    const child = spawn(process.execPath, serverCommand(), {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        PORT: '0',
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'short-pw-')),
        SEED: 'false',
        ADMIN_PASSWORD: short,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += String(d)));
    child.stderr.on('data', (d) => (output += String(d)));
    const timer = setTimeout(() => child.kill('SIGKILL'), 25_000);
    const code = await exited(child);
    clearTimeout(timer);
    expect(code, output).toBe(1);
    expect(output).toContain('ADMIN_PASSWORD');
    expect(output).toContain(`at least ${STAFF_PASSWORD_MIN_LENGTH} characters`);
    expect(output).not.toContain(short);
    expect(output).not.toMatch(/\n\s+at /);
  }, 40_000);
});
