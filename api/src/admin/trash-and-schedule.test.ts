import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test-support/test-app';
import { blogPosts, pages, revisions, services } from '../db/schema';
import { purgeTrash } from './trash-router';
import { STAFF_PASSWORD, signIn, staffClient } from './admin-test-support';
import { capturedLog } from '../test-support/captured-log';

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
    // The page of a trashed item is Gone until it is restored (issue 41, admin/redirect-answers.ts).
    await request(t.app).get('/blog/to-trash').expect(410);
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

  it('a trashed page is gone (API 404, page 410); If-Match on delete still guards against a stale copy', async () => {
    const created = await staff
      .post('/api/admin/pages')
      .send({ name: 'About', slug: 'about-us', title: 'About us', published: true })
      .expect(201);
    const id = created.body.id as number;
    await readUntilCached(t.app, '/api/pages/about-us');
    await staff.delete(`/api/admin/pages/${id}`).set('If-Match', '"stale"').expect(412);
    await staff.delete(`/api/admin/pages/${id}`).set('If-Match', created.headers['etag']!).expect(204);
    await request(t.app).get('/api/pages/about-us').expect(404);
    await request(t.app).get('/about-us').expect(410);
    await staff.put(`/api/admin/pages/${id}`).send({ name: 'x', slug: 'about-us', title: 'x' }).expect(404);
  });
});

describe('trash purge', () => {
  const clock = testClock();
  const captured = capturedLog();
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

  const trashed = async (slug: string) => {
    const { body } = await staff.post('/api/admin/blog-posts').send(post(slug)).expect(201);
    await staff.delete(`/api/admin/blog-posts/${body.id}`).expect(204);
    return body.id as number;
  };
  /** Moves an item's trash date back by the database's own clock. */
  const trashedDaysAgo = (id: number, days: number) =>
    t.db.execute(sql`update blog_posts set deleted_at = now() - make_interval(days => ${days}) where id = ${id}`);
  const trashIds = async () =>
    (await staff.get('/api/admin/trash').expect(200)).body.map((i: { id: number }) => i.id).sort();
  const purgeLines = () => captured.lines.filter((l) => String(l.msg).startsWith('trash purge'));

  it('a clock jumped 31 days ahead purges nothing: the date is the database’s', async () => {
    const id = await trashed('before-the-jump');
    clock.advance(31 * DAY);
    expect(await purgeTrash(t.db, { log: captured.log })).toBe(0);
    expect(await trashIds()).toContain(id);
    expect(await t.db.select().from(blogPosts).where(eq(blogPosts.id, id))).toHaveLength(1);
    await staff.post(`/api/admin/trash/blog-posts/${id}/restore`).send({}).expect(200);
  });

  it('purges what is past its 30 days by the database’s clock, with its history, keeps the rest, and logs it', async () => {
    const old = await trashed('old-one');
    const young = await trashed('young-one');
    await trashedDaysAgo(old, 31);
    await trashedDaysAgo(young, 29);
    const history = () => t.db.select().from(revisions).where(eq(revisions.entityId, old));
    expect((await history()).length).toBeGreaterThan(0);
    expect(await purgeTrash(t.db, { log: captured.log })).toBe(1);
    expect(await trashIds()).toEqual([young]);
    expect(await t.db.select().from(blogPosts).where(eq(blogPosts.id, old))).toEqual([]);
    expect(await history()).toEqual([]);
    const [line] = captured.lines.filter((l) => String(l.msg).startsWith('trash purged'));
    expect(line).toMatchObject({ level: 30, count: 1, items: { 'blog-posts': [old] } });
    expect(await purgeTrash(t.db, { log: captured.log })).toBe(0);
  });

  it('refuses a suspicious amount at once without the operator’s word, with a warning naming it', async () => {
    const ids = [await trashed('many-1'), await trashed('many-2'), await trashed('many-3')];
    for (const id of ids) await trashedDaysAgo(id, 40);
    captured.lines.length = 0;
    expect(await purgeTrash(t.db, { log: captured.log, maxItems: 2 })).toBe(0);
    expect(await trashIds()).toEqual(expect.arrayContaining(ids));
    const [warning] = purgeLines();
    expect(warning).toMatchObject({ level: 40, count: 3, items: { 'blog-posts': ids } });
    expect(warning!.msg).toMatch(/trash purge refused.*TRASH_PURGE_CONFIRM=1/);

    expect(await purgeTrash(t.db, { log: captured.log, maxItems: 2, confirmed: true })).toBe(3);
    expect(await trashIds()).not.toEqual(expect.arrayContaining(ids));
  });

  it('refuses to empty most of the trash at once, even under the item limit', async () => {
    // The trash holds young-one (29 days) and these three, past their date: 3 of 4.
    const ids = [await trashed('most-1'), await trashed('most-2'), await trashed('most-3')];
    for (const id of ids) await trashedDaysAgo(id, 31);
    captured.lines.length = 0;
    expect(await purgeTrash(t.db, { log: captured.log, maxItems: 4 })).toBe(0);
    expect(purgeLines()[0]).toMatchObject({ level: 40, count: 3, inTrash: 4 });
    // Three younger items more: 3 of 7 is the ordinary oldest slice, and goes.
    for (const slug of ['fresh-1', 'fresh-2', 'fresh-3']) await trashed(slug);
    expect(await purgeTrash(t.db, { log: captured.log, maxItems: 4 })).toBe(3);
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
