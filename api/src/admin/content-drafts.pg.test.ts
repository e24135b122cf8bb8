import request from 'supertest';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { openDatabase, type Database } from '../db/client';
import { auditEvents, revisions } from '../db/schema';
import { createTestApp } from '../test-support/test-app';
import { STAFF_PASSWORD, signIn, staffClient } from './admin-test-support';

const HOUR = 60 * 60 * 1000;

/**
 * A scheduled draft on two instances of one PostgreSQL database: both look when it is due, exactly
 * one publishes it (one revision, one audit row), and the other's cached public answer goes too.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('scheduled drafts on two instances (PostgreSQL)', () => {
  let now = Date.parse('2026-11-29T09:00:00Z');
  const clock = () => new Date(now);
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let second: Database;
  let other: ReturnType<typeof createApp>;
  beforeAll(async () => {
    t = await createTestApp({ clock, env: { ADMIN_PASSWORD: STAFF_PASSWORD } });
    second = await openDatabase({ databaseUrl: t.postgresUrl! });
    other = createApp({ env: t.env, database: second, log: t.log, clock });
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  it('goes live once, whichever instance looks first, and leaves no stale copy on the other', async () => {
    const staff = staffClient(t.app, await signIn(t.app));
    const post = {
      slug: 'two-instances',
      title: 'Live title',
      excerpt: 'An excerpt',
      content: 'Body',
      contentFormat: 'markdown',
      category: 'SEO',
      author: 'Ada',
      published: true,
    };
    const created = await staff.post('/api/admin/blog-posts').send(post).expect(201);
    const id = created.body.id as number;
    await staff
      .put(`/api/admin/blog-posts/${id}/draft`)
      .set('If-Match', created.headers['etag'] as string)
      .send({ values: { ...post, title: 'Scheduled title' }, publishAt: new Date(now + HOUR).toISOString() })
      .expect(200);
    // The other instance holds the live post in its cache.
    const title = async () =>
      (await request(other).get('/api/blog-posts/two-instances').expect(200)).body.title;
    for (let i = 0; i < 50; i++) {
      const res = await request(other).get('/api/blog-posts/two-instances').expect(200);
      expect(res.body.title).toBe('Live title');
      if (res.headers['x-cache'] === 'HIT') break;
      await new Promise((r) => setTimeout(r, 20));
    }

    now += HOUR + 1000;
    const published = await Promise.all([t.app.draftScheduler.runDue(), other.draftScheduler.runDue()]);
    expect(published[0] + published[1]).toBe(1);
    const ofPost = and(eq(revisions.entityType, 'blog-posts'), eq(revisions.entityId, id));
    expect(
      (await t.db.select().from(revisions).where(ofPost)).filter(
        (r) => r.snapshot['title'] === 'Scheduled title',
      ),
    ).toHaveLength(1);
    expect(
      await t.db.select().from(auditEvents).where(eq(auditEvents.action, 'content.publish-draft')),
    ).toHaveLength(1);
    // The change reached the other instance (NOTIFY): its next reads are the new title.
    for (let i = 0; i < 100 && (await title()) !== 'Scheduled title'; i++)
      await new Promise((r) => setTimeout(r, 20));
    expect(await title()).toBe('Scheduled title');
  });
});
