import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import type { Logger } from 'pino';
import { createTestApp } from '../test-support/test-app';
import { adminCredentials, adminSessions } from '../db/schema';
import { checkAdminPassword, ensureAdminPassword } from './admin-credentials';
import { openDatabase } from '../db/client';
import { SITE_HOST, SITE_ORIGIN, STAFF_PASSWORD, signIn, staffClient } from './admin-test-support';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** Every staff route with a method, as a visitor without a session would try it. */
const STAFF_ROUTES: [method: 'get' | 'post' | 'put' | 'delete', path: string][] = [
  ['post', '/api/admin/password'],
  ['get', '/api/admin/pages'],
  ['post', '/api/admin/pages'],
  ['get', '/api/admin/pages/1'],
  ['put', '/api/admin/pages/1'],
  ['delete', '/api/admin/pages/1'],
  ['get', '/api/admin/content-blocks'],
  ['post', '/api/admin/content-blocks'],
  ['put', '/api/admin/content-blocks/1'],
  ['delete', '/api/admin/content-blocks/1'],
  ['get', '/api/admin/services'],
  ['post', '/api/admin/services'],
  ['put', '/api/admin/services/1'],
  ['delete', '/api/admin/services/1'],
  ['get', '/api/admin/blog-posts'],
  ['post', '/api/admin/blog-posts'],
  ['put', '/api/admin/blog-posts/1'],
  ['delete', '/api/admin/blog-posts/1'],
  ['get', '/api/admin/case-studies'],
  ['post', '/api/admin/case-studies'],
  ['put', '/api/admin/case-studies/1'],
  ['delete', '/api/admin/case-studies/1'],
  ['get', '/api/admin/testimonials'],
  ['post', '/api/admin/testimonials'],
  ['put', '/api/admin/testimonials/1'],
  ['delete', '/api/admin/testimonials/1'],
  ['get', '/api/admin/resources'],
  ['post', '/api/admin/resources'],
  ['post', '/api/admin/resources/upload'],
  ['put', '/api/admin/resources/1'],
  ['delete', '/api/admin/resources/1'],
  ['get', '/api/admin/site-settings'],
  ['put', '/api/admin/site-settings'],
  ['post', '/api/admin/upload'],
  ['get', '/api/admin/media'],
  ['delete', '/api/admin/media/1'],
  ['get', '/api/admin/leads'],
  ['get', '/api/admin/leads.csv'],
  ['get', '/api/admin/session'],
];

describe('staff authentication', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_PASSWORD: STAFF_PASSWORD, RATE_LIMIT_SCALE: 10 } });
  });
  afterAll(() => t.close());

  it('refuses a wrong password with 401 JSON and sets no cookie', async () => {
    const res = await request(t.app).post('/api/admin/auth').send({ password: 'wrong' }).expect(401);
    expect(res.body).toEqual({ message: 'Invalid password', code: 'UNAUTHORIZED' });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('requires a password (400 with the field message) and refuses unknown keys', async () => {
    const res = await request(t.app).post('/api/admin/auth').send({}).expect(400);
    expect(res.body.fields).toEqual({ password: 'Password is required' });
    await request(t.app).post('/api/admin/auth').send({ password: STAFF_PASSWORD, admin: true }).expect(400);
  });

  it('signs in with an HttpOnly, SameSite=Strict cookie holding a random id stored only as a hash', async () => {
    const res = await request(t.app).post('/api/admin/auth').send({ password: STAFF_PASSWORD }).expect(200);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/staff_session=[A-Za-z0-9_-]{43};/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Secure/);
    const token = /staff_session=([^;]+)/.exec(cookie)![1]!;
    const ids = (await t.db.select({ id: adminSessions.id }).from(adminSessions)).map((r) => r.id);
    expect(ids).not.toContain(token);
    expect(ids.every((id) => /^[0-9a-f]{64}$/.test(id))).toBe(true);
  });

  it('marks the cookie Secure when the request came over https (behind a trusted proxy)', async () => {
    const proxied = await createTestApp({ env: { ADMIN_PASSWORD: STAFF_PASSWORD, TRUST_PROXY: 1 } });
    try {
      const res = await request(proxied.app)
        .post('/api/admin/auth')
        .set('X-Forwarded-Proto', 'https')
        .send({ password: STAFF_PASSWORD })
        .expect(200);
      expect(String(res.headers['set-cookie'])).toMatch(/; Secure/);
    } finally {
      await proxied.close();
    }
  });

  it('gives a new session id at every sign-in', async () => {
    const a = await signIn(t.app);
    const b = await signIn(t.app);
    expect(a).not.toBe(b);
  });

  it('answers the session probe: 200 with a session, 401 without', async () => {
    const cookie = await signIn(t.app);
    const ok = await staffClient(t.app, cookie).get('/api/admin/session').expect(200);
    expect(ok.body).toEqual({
      authenticated: true,
      passwordFromEnvironment: true,
      user: { id: null, name: 'Owner', email: null, role: 'owner' },
    });
    await request(t.app).get('/api/admin/session').expect(401);
    await request(t.app).get('/api/admin/session').set('Cookie', 'staff_session=forged').expect(401);
  });

  it('sets a script-readable signed-in hint beside the session cookie, and clears it at logout or when its session is gone', async () => {
    const res = await request(t.app).post('/api/admin/auth').send({ password: STAFF_PASSWORD }).expect(200);
    const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
    const hint = cookies.find((c) => c.startsWith('staff_signed_in='));
    expect(hint).toMatch(/^staff_signed_in=1;/);
    expect(hint).not.toMatch(/HttpOnly/i);
    expect(cookies.find((c) => c.startsWith('staff_session='))).toMatch(/HttpOnly/i);
    const session = cookies.find((c) => c.startsWith('staff_session='))!.split(';')[0]!;

    const out = await staffClient(t.app, `${session}; staff_signed_in=1`)
      .post('/api/admin/logout')
      .expect(204);
    expect(([] as string[]).concat(out.headers['set-cookie'] ?? [])).toContainEqual(
      expect.stringMatching(/^staff_signed_in=;.*Expires=Thu, 01 Jan 1970/),
    );
    // A hint that outlived its session (expired, revoked): the refused probe clears it.
    const gone = await request(t.app)
      .get('/api/admin/session')
      .set('Cookie', `${session}; staff_signed_in=1`)
      .expect(401);
    expect(([] as string[]).concat(gone.headers['set-cookie'] ?? [])).toContainEqual(
      expect.stringMatching(/^staff_signed_in=;/),
    );
  });

  it('answers 401 on every staff route without a session', async () => {
    for (const [method, path] of STAFF_ROUTES) {
      const res = await request(t.app)[method](path).set('Host', SITE_HOST).set('Origin', SITE_ORIGIN);
      expect(res.status, `${method.toUpperCase()} ${path}`).toBe(401);
      expect(res.body.code).toBe('UNAUTHORIZED');
    }
  });

  it('logout makes the old cookie useless and clears it', async () => {
    const cookie = await signIn(t.app);
    const staff = staffClient(t.app, cookie);
    await staff.get('/api/admin/pages').expect(200);
    const out = await staff.post('/api/admin/logout').expect(204);
    expect(String(out.headers['set-cookie'])).toMatch(/staff_session=;.*Expires=Thu, 01 Jan 1970/);
    await staff.get('/api/admin/pages').expect(401);
    await staff.get('/api/admin/session').expect(401);
  });

  it('ends a session after 2 h idle and 12 h after sign-in, server-side', async () => {
    const idle = await signIn(t.app);
    const old = await signIn(t.app);
    const { sql } = await import('drizzle-orm');
    const hash = async (cookie: string) => {
      const { createHash } = await import('node:crypto');
      return createHash('sha256').update(cookie.split('=')[1]!).digest('hex');
    };
    await t.db.execute(
      sql`update admin_sessions set last_seen_at = now() - interval '2 hours 1 minute' where id = ${await hash(idle)}`,
    );
    await t.db.execute(
      sql`update admin_sessions set expires_at = now() - interval '1 second' where id = ${await hash(old)}`,
    );
    await staffClient(t.app, idle).get('/api/admin/session').expect(401);
    await staffClient(t.app, old).get('/api/admin/session').expect(401);
  });

  it('refuses cookie-authenticated writes from another origin or without one (403)', async () => {
    const cookie = await signIn(t.app);
    const body = { name: 'X', slug: 'x-origin', title: 'X' };
    const evil = await request(t.app)
      .post('/api/admin/pages')
      .set('Cookie', cookie)
      .set('Host', SITE_HOST)
      .set('Origin', 'http://evil.example')
      .send(body)
      .expect(403);
    expect(evil.body.code).toBe('FORBIDDEN');
    await request(t.app)
      .post('/api/admin/pages')
      .set('Cookie', cookie)
      .set('Host', SITE_HOST)
      .send(body)
      .expect(403);
    // A Referer from the site itself is accepted when the browser sends no Origin.
    await request(t.app)
      .post('/api/admin/pages')
      .set('Cookie', cookie)
      .set('Host', SITE_HOST)
      .set('Referer', `${SITE_ORIGIN}/cms`)
      .send(body)
      .expect(201);
  });

  it('refuses writes that are neither JSON nor multipart (415)', async () => {
    const cookie = await signIn(t.app);
    const res = await staffClient(t.app, cookie)
      .post('/api/admin/pages')
      .set('Content-Type', 'text/plain')
      .send('name=x')
      .expect(415);
    expect(res.body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('changes the password: current one required, every old session ends, the changer gets a fresh one', async () => {
    const mine = await signIn(t.app);
    const other = await signIn(t.app);
    const staff = staffClient(t.app, mine);
    const wrong = await staff
      .post('/api/admin/password')
      .send({ currentPassword: 'nope', newPassword: 'a brand new password' })
      .expect(400);
    expect(wrong.body.fields.currentPassword).toBe('The current password is not correct');
    const short = await staff
      .post('/api/admin/password')
      .send({ currentPassword: STAFF_PASSWORD, newPassword: 'short' })
      .expect(400);
    expect(short.body.fields.newPassword).toBe('Use at least 12 characters');
    const changed = await staff
      .post('/api/admin/password')
      .send({ currentPassword: STAFF_PASSWORD, newPassword: 'a brand new password' })
      .expect(204);
    const fresh = ([] as string[]).concat(changed.headers['set-cookie'] ?? [])[0]!.split(';')[0]!;
    expect(fresh).toMatch(/^staff_session=/);
    expect(fresh).not.toBe(mine);
    await staff.get('/api/admin/session').expect(401);
    await staffClient(t.app, other).get('/api/admin/session').expect(401);
    await staffClient(t.app, fresh).get('/api/admin/session').expect(200);
    await request(t.app).post('/api/admin/auth').send({ password: STAFF_PASSWORD }).expect(401);
    await signIn(t.app, 'a brand new password');
    await staffClient(t.app, fresh)
      .post('/api/admin/password')
      .send({ currentPassword: 'a brand new password', newPassword: STAFF_PASSWORD })
      .expect(204);
  });
});

describe('sign-in rate limit', () => {
  it('answers 429 with Retry-After after 10 attempts in 15 minutes, even with the right password', async () => {
    const t = await createTestApp({ env: { ADMIN_PASSWORD: STAFF_PASSWORD } });
    try {
      for (let i = 0; i < 10; i++) {
        await request(t.app)
          .post('/api/admin/auth')
          .send({ password: `guess-${i}` })
          .expect(401);
      }
      const res = await request(t.app).post('/api/admin/auth').send({ password: STAFF_PASSWORD }).expect(429);
      expect(res.body.code).toBe('RATE_LIMITED');
      const retryAfter = Number(res.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(800);
      expect(retryAfter).toBeLessThanOrEqual(900);
    } finally {
      await t.close();
    }
  });
});

describe('staff password on a fresh install', () => {
  const capture = () => {
    const lines: string[] = [];
    const log = {
      warn: (m: string) => lines.push(m),
      info: (m: string) => lines.push(m),
    } as unknown as Logger;
    return { lines, log };
  };

  it('without ADMIN_PASSWORD generates one, stores only its hash and logs it once', async () => {
    // A bare database: an app would prepare the password by itself at start.
    const database = await openDatabase({ dataDir: 'memory://' });
    const t = { db: database.db, close: () => database.close() };
    try {
      const first = capture();
      await ensureAdminPassword(t.db, {}, first.log);
      expect(first.lines).toHaveLength(1);
      const password = /shown only this once\): (\S+)/.exec(first.lines[0]!)![1]!;
      expect(first.lines[0]).toMatch(/ADMIN_PASSWORD/);
      const [row] = await t.db.select().from(adminCredentials);
      expect(row!.passwordHash).toMatch(/^scrypt\$\d+\$\d+\$\d+\$/);
      expect(row!.passwordHash).not.toContain(password);
      const again = capture();
      await ensureAdminPassword(t.db, {}, again.log);
      expect(again.lines).toHaveLength(0);
      expect(await checkAdminPassword(t.db, password)).toBe(true);
      expect(await checkAdminPassword(t.db, password.slice(1))).toBe(false);
    } finally {
      await t.close();
    }
  });

  it('ADMIN_PASSWORD replaces a stored password that it does not match', async () => {
    const t = await createTestApp();
    try {
      await ensureAdminPassword(t.db, {}, capture().log);
      await ensureAdminPassword(t.db, { ADMIN_PASSWORD: 'from the environment' }, capture().log);
      expect((await t.db.select({ n: count() }).from(adminCredentials))[0]!.n).toBe(1);
      await signIn(t.app, 'from the environment');
    } finally {
      await t.close();
    }
  });
});
