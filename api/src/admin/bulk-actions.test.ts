import request from 'supertest';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test-support/test-app';
import { blogPosts, revisions, testimonials } from '../db/schema';
import { SITE_HOST, STAFF_PASSWORD, signIn, staffClient } from './admin-test-support';

const post = (slug: string, published = false) => ({
  slug,
  title: `Post ${slug}`,
  excerpt: 'An excerpt',
  content: 'Body',
  category: 'SEO',
  author: 'Ada',
  published,
});

const slugsOf = (res: request.Response) => (res.body as { slug: string }[]).map((p) => p.slug);

describe('bulk publish, unpublish and delete', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let staff: ReturnType<typeof staffClient>;
  let cookie: string;
  const ids: number[] = [];
  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_PASSWORD: STAFF_PASSWORD } });
    cookie = await signIn(t.app);
    staff = staffClient(t.app, cookie);
    for (const slug of ['bulk-a', 'bulk-b', 'bulk-c']) {
      ids.push((await staff.post('/api/admin/blog-posts').send(post(slug)).expect(201)).body.id as number);
    }
  });
  afterAll(() => t.close());

  it('publishes a selection in one request: stored, dated, one revision each, live publicly at once', async () => {
    // The public list is cached before the bulk write; the write must drop it.
    expect(slugsOf(await request(t.app).get('/api/blog-posts').expect(200))).not.toContain('bulk-a');
    const res = await staff
      .post('/api/admin/blog-posts/bulk')
      .send({ action: 'publish', ids: [ids[0], ids[1], 999999] })
      .expect(200);
    expect(res.body).toEqual({
      action: 'publish',
      changed: [ids[0], ids[1]],
      unchanged: [],
      missing: [999999],
    });
    const rows = await t.db.select().from(blogPosts).where(inArray(blogPosts.id, ids));
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(ids[0]!)!.published).toBe(true);
    expect(byId.get(ids[0]!)!.publishedAt).not.toBeNull();
    expect(byId.get(ids[2]!)!.published).toBe(false);
    const list = slugsOf(await request(t.app).get('/api/blog-posts').expect(200));
    expect(list).toEqual(expect.arrayContaining(['bulk-a', 'bulk-b']));
    expect(list).not.toContain('bulk-c');
    const history = await staff.get(`/api/admin/blog-posts/${ids[0]}/revisions`).expect(200);
    expect(history.body[0]).toMatchObject({
      kind: 'update',
      changedFields: expect.arrayContaining(['published']),
    });
    // Already published: reported unchanged, no new revision.
    const again = await staff
      .post('/api/admin/blog-posts/bulk')
      .send({ action: 'publish', ids: [ids[0]] })
      .expect(200);
    expect(again.body).toMatchObject({ changed: [], unchanged: [ids[0]] });
    const count = await t.db
      .select()
      .from(revisions)
      .where(inArray(revisions.entityId, [ids[0]!]));
    expect(count.filter((r) => r.entityType === 'blog-posts')).toHaveLength(history.body.length);
  });

  it('unpublishes a selection', async () => {
    await staff
      .post('/api/admin/blog-posts/bulk')
      .send({ action: 'unpublish', ids: [ids[1]] })
      .expect(200);
    await request(t.app).get('/api/blog-posts/bulk-b').expect(404);
    await request(t.app).get('/api/blog-posts/bulk-a').expect(200);
  });

  it('moves a selection to the trash: gone publicly, listed in the trash', async () => {
    const res = await staff
      .post('/api/admin/blog-posts/bulk')
      .send({ action: 'delete', ids: [ids[0], ids[1], ids[2]] })
      .expect(200);
    expect(res.body.changed).toEqual(ids);
    await request(t.app).get('/api/blog-posts/bulk-a').expect(404);
    const admin = slugsOf(await staff.get('/api/admin/blog-posts').expect(200));
    expect(admin).not.toContain('bulk-a');
    const trash = await staff.get('/api/admin/trash').expect(200);
    expect(
      trash.body.filter((i: { type: string }) => i.type === 'blog-posts').map((i: { id: number }) => i.id),
    ).toEqual(expect.arrayContaining(ids));
    // Trashed items are missing for a second bulk action.
    const again = await staff
      .post('/api/admin/blog-posts/bulk')
      .send({ action: 'publish', ids: [ids[0]] })
      .expect(200);
    expect(again.body).toMatchObject({ changed: [], missing: [ids[0]] });
  });

  it('works the same for every content type (testimonials)', async () => {
    const [row] = await t.db
      .insert(testimonials)
      .values({ content: 'Great work', name: 'Bulk Quoted' })
      .returning();
    expect((await request(t.app).get('/api/testimonials').expect(200)).body).toHaveLength(1);
    const res = await staff
      .post('/api/admin/testimonials/bulk')
      .send({ action: 'unpublish', ids: [row!.id] })
      .expect(200);
    expect(res.body.changed).toEqual([row!.id]);
    const names = (await request(t.app).get('/api/testimonials').expect(200)).body.map(
      (x: { name: string }) => x.name,
    );
    expect(names).not.toContain(row!.name);
  });

  it('refuses bad bodies with 400 and changes nothing', async () => {
    for (const body of [
      {},
      { action: 'archive', ids: [ids[0]] },
      { action: 'publish', ids: [] },
      { action: 'publish', ids: ['1'] },
      { action: 'publish', ids: [1.5] },
      { action: 'publish', ids: [1], extra: true },
    ]) {
      const res = await staff.post('/api/admin/blog-posts/bulk').send(body).expect(400);
      expect(res.body.message).toEqual(expect.any(String));
    }
  });

  it('needs a staff session (401) from the site itself (403)', async () => {
    await request(t.app)
      .post('/api/admin/blog-posts/bulk')
      .send({ action: 'delete', ids: [ids[0]] })
      .expect(401);
    await request(t.app)
      .post('/api/admin/blog-posts/bulk')
      .set('Cookie', cookie)
      .set('Host', SITE_HOST)
      .set('Origin', 'https://evil.example')
      .send({ action: 'delete', ids: [ids[0]] })
      .expect(403);
  });
});
