import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test-support/test-app';
import { blogPosts, pages, services } from '../db/schema';
import { purgeTrash } from './trash-router';
import { STAFF_PASSWORD, signIn, staffClient } from './admin-test-support';

/**
 * Reads a public path until it is answered from the cache, and answers that response. On PostgreSQL
 * a staff write's NOTIFY reaches this instance a moment later, and nothing of that family is cached
 * until it has been handled; every answer on the way must still pass `check`.
 */
async function readUntilCached(
  app: Parameters<typeof request>[0],
  url: string,
  check: (body: unknown) => void = () => {},
) {
  for (let i = 0; i < 100; i++) {
    const res = await request(app).get(url).expect(200);
    check(res.body);
    if (res.headers['x-cache'] === 'HIT') return res;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${url} was never answered from the cache`);
}

const DAY = 24 * 60 * 60 * 1000;
const iso = (value: string) => new Date(value).toISOString();

function siteRoot() {
  const root = mkdtempSync(path.join(tmpdir(), 'trash-site-'));
  mkdirSync(path.join(root, 'shell', 'dist'), { recursive: true });
  writeFileSync(
    path.join(root, 'shell', 'dist', 'index.html'),
    '<!doctype html><html lang="en"><head><title>x</title></head><body><div id="root"></div></body></html>',
  );
  return root;
}

/** A clock the test moves by hand. */
function testClock(start = Date.parse('2026-11-23T12:00:00Z')) {
  let now = start;
  const clock = () => new Date(now);
  return Object.assign(clock, { advance: (ms: number) => (now += ms), at: () => now });
}

const post = (slug: string, extra: Record<string, unknown> = {}) => ({
  slug,
  title: `Post ${slug}`,
  excerpt: 'An excerpt',
  content: 'Body',
  category: 'SEO',
  author: 'Ada',
  published: true,
  ...extra,
});

describe('trash', () => {
  const clock = testClock();
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let staff: ReturnType<typeof staffClient>;
  beforeAll(async () => {
    t = await createTestApp({
      clock,
      env: { ADMIN_PASSWORD: STAFF_PASSWORD, SITE_ROOT: siteRoot(), PUBLIC_URL: 'https://example.test' },
    });
    staff = staffClient(t.app, await signIn(t.app));
  });
  afterAll(() => t.close());

  it('delete moves a post to the trash: gone publicly at once (cached answers too), restorable', async () => {
    const created = await staff.post('/api/admin/blog-posts').send(post('to-trash')).expect(201);
    const id = created.body.id as number;
    // Warm the public cache with the post in it.
    const cached = await readUntilCached(t.app, '/api/blog-posts');
    expect(cached.body.map((p: { slug: string }) => p.slug)).toContain('to-trash');
    await request(t.app).get('/api/blog-posts/to-trash').expect(200);

    await staff.delete(`/api/admin/blog-posts/${id}`).expect(204);

    await request(t.app).get('/api/blog-posts/to-trash').expect(404);
    const list = await request(t.app).get('/api/blog-posts').expect(200);
    expect(list.body.map((p: { slug: string }) => p.slug)).not.toContain('to-trash');
    await request(t.app).get('/blog/to-trash').expect(404);
    expect((await request(t.app).get('/sitemap.xml').expect(200)).text).not.toContain('to-trash');
    expect((await request(t.app).get('/blog/rss.xml').expect(200)).text).not.toContain('to-trash');
    // Out of the normal admin list and single reads; in the trash.
    const adminList = await staff.get('/api/admin/blog-posts').expect(200);
    expect(adminList.body.map((p: { id: number }) => p.id)).not.toContain(id);
    await staff.get(`/api/admin/blog-posts/${id}`).expect(404);
    const trash = await staff.get('/api/admin/trash').expect(200);
    expect(trash.body).toContainEqual({
      type: 'blog-posts',
      id,
      title: 'Post to-trash',
      deletedAt: new Date(clock.at()).toISOString(),
    });

    // The slug stays reserved while the post is in the trash.
    const taken = await staff.post('/api/admin/blog-posts').send(post('to-trash')).expect(409);
    expect(taken.body.fields).toEqual({
      slug: 'This slug belongs to an item in the trash: restore it or delete it for good first',
    });

    await staff.post(`/api/admin/trash/blog-posts/${id}/restore`).send({}).expect(200);
    await request(t.app).get('/api/blog-posts/to-trash').expect(200);
    const back = await request(t.app).get('/api/blog-posts').expect(200);
    expect(back.body.map((p: { slug: string }) => p.slug)).toContain('to-trash');
    expect((await request(t.app).get('/sitemap.xml')).text).toContain('/blog/to-trash');
    expect((await staff.get('/api/admin/trash')).body).toEqual([]);
  });

  it('delete forever removes the row; only trashed items can be deleted or restored there', async () => {
    const created = await staff
      .post('/api/admin/services')
      .send({ title: 'Doomed', slug: 'doomed', description: 'Soon gone.' })
      .expect(201);
    const id = created.body.id as number;
    await staff.delete(`/api/admin/trash/services/${id}`).expect(404);
    await staff.delete(`/api/admin/services/${id}`).expect(204);
    await request(t.app).get('/api/services/doomed').expect(404);
    await staff.delete(`/api/admin/trash/services/${id}`).expect(204);
    expect(await t.db.select().from(services).where(eq(services.id, id))).toEqual([]);
    await staff.post(`/api/admin/trash/services/${id}/restore`).send({}).expect(404);
    await staff.delete('/api/admin/trash/widgets/1').expect(400);
    // Slug free again once deleted for good.
    await staff
      .post('/api/admin/services')
      .send({ title: 'Doomed', slug: 'doomed', description: 'Back.' })
      .expect(201);
  });

  it('a trashed page 404s; If-Match on delete still guards against a stale copy', async () => {
    const created = await staff
      .post('/api/admin/pages')
      .send({ name: 'About', slug: 'about-us', title: 'About us', published: true })
      .expect(201);
    const id = created.body.id as number;
    await readUntilCached(t.app, '/api/pages/about-us');
    await staff.delete(`/api/admin/pages/${id}`).set('If-Match', '"stale"').expect(412);
    await staff.delete(`/api/admin/pages/${id}`).set('If-Match', created.headers['etag']!).expect(204);
    await request(t.app).get('/api/pages/about-us').expect(404);
    await request(t.app).get('/about-us').expect(404);
    await staff.put(`/api/admin/pages/${id}`).send({ name: 'x', slug: 'about-us', title: 'x' }).expect(404);
  });

  it('purges items trashed more than 30 days ago, keeps younger ones', async () => {
    const old = await staff.post('/api/admin/blog-posts').send(post('old-one')).expect(201);
    await staff.delete(`/api/admin/blog-posts/${old.body.id}`).expect(204);
    clock.advance(20 * DAY);
    const young = await staff.post('/api/admin/blog-posts').send(post('young-one')).expect(201);
    await staff.delete(`/api/admin/blog-posts/${young.body.id}`).expect(204);

    clock.advance(10 * DAY - 1000);
    expect(await purgeTrash(t.db)).toBe(0);
    clock.advance(2000);
    // Listing the trash purges first.
    const trash = await staff.get('/api/admin/trash').expect(200);
    expect(trash.body.map((i: { id: number }) => i.id)).toEqual([young.body.id]);
    expect(await t.db.select().from(blogPosts).where(eq(blogPosts.id, old.body.id))).toEqual([]);
    clock.advance(20 * DAY);
    expect(await purgeTrash(t.db)).toBe(1);
  });
});

describe('scheduling', () => {
  const clock = testClock();
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let staff: ReturnType<typeof staffClient>;
  beforeAll(async () => {
    t = await createTestApp({
      clock,
      env: { ADMIN_PASSWORD: STAFF_PASSWORD, SITE_ROOT: siteRoot(), PUBLIC_URL: 'https://example.test' },
    });
    staff = staffClient(t.app, await signIn(t.app));
  });
  afterAll(() => t.close());

  const publicSlugs = async () =>
    (await request(t.app).get('/api/blog-posts').expect(200)).body.map((p: { slug: string }) => p.slug);

  it('a published post dated in the future is hidden everywhere public until the date, then live', async () => {
    await staff.post('/api/admin/blog-posts').send(post('already-live')).expect(201);
    const due = new Date(clock.at() + 2 * DAY).toISOString();
    const created = await staff
      .post('/api/admin/blog-posts')
      .send(post('monday-post', { publishedAt: due }))
      .expect(201);
    expect(iso(created.body.publishedAt)).toBe(due);
    expect(created.body.published).toBe(true);

    // Cached list without it. On PostgreSQL the write's NOTIFY makes this instance re-read the due
    // times, and nothing is cached meanwhile: read until the list is served from the cache.
    await readUntilCached(t.app, '/api/blog-posts', (body) =>
      expect((body as { slug: string }[]).map((p) => p.slug)).toEqual(['already-live']),
    );
    await request(t.app).get('/api/blog-posts/monday-post').expect(404);
    await request(t.app).get('/blog/monday-post').expect(404);
    const meta = await request(t.app).get('/api/page-meta?path=/blog/monday-post').expect(200);
    expect(meta.body.status).toBe(404);
    expect((await request(t.app).get('/sitemap.xml')).text).not.toContain('monday-post');
    expect((await request(t.app).get('/blog/rss.xml')).text).not.toContain('monday-post');
    // Staff still see it (like a draft) and the admin list keeps its date.
    const staffRead = await staff.get('/api/blog-posts/monday-post').expect(200);
    expect(staffRead.body.publishedAt).toBe(due);

    clock.advance(2 * DAY - 1000);
    expect(await publicSlugs()).toEqual(['already-live']);

    clock.advance(1000);
    // Live without a restart or a write: the cached list is not served past the due time.
    const after = await request(t.app).get('/api/blog-posts').expect(200);
    expect(after.headers['x-cache']).toBe('MISS');
    expect(after.body.map((p: { slug: string }) => p.slug)).toEqual(['monday-post', 'already-live']);
    await request(t.app).get('/api/blog-posts/monday-post').expect(200);
    await request(t.app).get('/blog/monday-post').expect(200);
    expect((await request(t.app).get('/sitemap.xml')).text).toContain('/blog/monday-post');
    expect((await request(t.app).get('/blog/rss.xml')).text).toContain('/blog/monday-post');
  });

  it('pages take a publish date too; a past date is live at once; bad dates are refused', async () => {
    const due = new Date(clock.at() + 60_000).toISOString();
    const created = await staff
      .post('/api/admin/pages')
      .send({ name: 'Launch', slug: 'launch', title: 'Launch', published: true, publishedAt: due })
      .expect(201);
    await request(t.app).get('/api/pages/launch').expect(404);
    await request(t.app).get('/launch').expect(404);
    expect((await request(t.app).get('/sitemap.xml')).text).not.toContain('/launch');
    clock.advance(60_000);
    await request(t.app).get('/api/pages/launch').expect(200);
    await request(t.app).get('/launch').expect(200);

    // Rescheduling an already live page hides it again, at once.
    const later = new Date(clock.at() + DAY).toISOString();
    await staff
      .put(`/api/admin/pages/${created.body.id}`)
      .send({ name: 'Launch', slug: 'launch', title: 'Launch', published: true, publishedAt: later })
      .expect(200);
    await request(t.app).get('/api/pages/launch').expect(404);
    const [row] = await t.db.select().from(pages).where(eq(pages.slug, 'launch'));
    expect(new Date(row!.publishedAt!).toISOString()).toBe(later);

    const bad = await staff
      .post('/api/admin/blog-posts')
      .send(post('bad-date', { publishedAt: 'next monday' }))
      .expect(400);
    expect(bad.body.fields.publishedAt).toBe(
      'Publish date must be an ISO 8601 date and time, e.g. 2026-12-01T09:00:00Z',
    );
    expect(await t.db.select().from(blogPosts).where(eq(blogPosts.slug, 'bad-date'))).toEqual([]);
  });

  it('a draft with a past date stays a draft; publishing without a date stamps now', async () => {
    const draft = await staff
      .post('/api/admin/blog-posts')
      .send(post('dated-draft', { published: false, publishedAt: '2020-01-01T00:00:00Z' }))
      .expect(201);
    await request(t.app).get('/api/blog-posts/dated-draft').expect(404);
    const plain = await staff.post('/api/admin/blog-posts').send(post('plain')).expect(201);
    expect(iso(plain.body.publishedAt)).toBe(new Date(clock.at()).toISOString());
    expect(iso(draft.body.publishedAt)).toBe('2020-01-01T00:00:00.000Z');
  });
});
