import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { createTestApp } from '../test-support/test-app';
import { STAFF_PASSWORD, signIn, staffClient } from '../admin/admin-test-support';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * Uncached renders (issue 43): a signed-in editor's page used to write the session row once per API
 * read and read unchanging answers (services, settings) from the database. The session's activity
 * is now written at most once a minute, and staff get the cached answer wherever they see no drafts.
 */
describe('staff activity and reads without drafts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: true, env: { ADMIN_PASSWORD: STAFF_PASSWORD } });
  });
  afterAll(() => t.close());

  const idOf = (cookie: string) => createHash('sha256').update(cookie.split('=')[1]!).digest('hex');
  /** Seconds since the session was last seen, as stored. */
  const idleSeconds = async (cookie: string) => {
    const { rows } = (await t.db.execute(
      sql`select extract(epoch from now() - last_seen_at)::float as idle from admin_sessions where id = ${idOf(cookie)}`,
    )) as unknown as { rows: { idle: number }[] };
    return Number(rows[0]!.idle);
  };
  const lastSeen = (cookie: string, secondsAgo: number) =>
    t.db.execute(
      sql`update admin_sessions set last_seen_at = now() - (${secondsAgo} * interval '1 second') where id = ${idOf(cookie)}`,
    );

  it('a request writes the session as seen when it was last seen over a minute ago, not on every request', async () => {
    const cookie = await signIn(t.app);
    await lastSeen(cookie, 90);
    await staffClient(t.app, cookie).get('/api/admin/session').expect(200);
    expect(await idleSeconds(cookie)).toBeLessThan(5);

    await lastSeen(cookie, 30);
    await staffClient(t.app, cookie).get('/api/admin/session').expect(200);
    const idle = await idleSeconds(cookie);
    expect(idle).toBeGreaterThanOrEqual(29);
    expect(idle).toBeLessThan(40);
  });

  it('a session idle past the timeout stays ended, whatever the minute rule', async () => {
    const cookie = await signIn(t.app);
    await lastSeen(cookie, 2 * 60 * 60 + 60);
    await staffClient(t.app, cookie).get('/api/admin/session').expect(401);
  });

  it('staff get the cached answer where they see no drafts (still private), and their own where they do', async () => {
    const cookie = await signIn(t.app);
    await request(t.app).get('/api/services?published=true').expect(200);
    const services = await request(t.app)
      .get('/api/services?published=true')
      .set('Cookie', cookie)
      .expect(200);
    expect(services.headers['x-cache']).toBe('HIT');
    expect(services.headers['cache-control']).toBe('private, no-store');

    await request(t.app).get('/api/blog-posts?published=true').expect(200);
    const posts = await request(t.app)
      .get('/api/blog-posts?published=true')
      .set('Cookie', cookie)
      .expect(200);
    expect(posts.headers['x-cache']).toBeUndefined();
    expect(posts.headers['cache-control']).toBe('private, no-store');
  });
});
