import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test-support/test-app';
import { STAFF_PASSWORD, signIn, staffClient } from '../admin/admin-test-support';

describe('public read cache', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({ seed: true, env: { ADMIN_PASSWORD: STAFF_PASSWORD } });
  });
  afterAll(() => t.close());

  it('serves a repeated public read from memory, with the same body and ETag, and 304 on If-None-Match', async () => {
    const first = await request(t.app).get('/api/services?published=true').expect(200);
    expect(first.headers['x-cache']).toBe('MISS');
    const second = await request(t.app).get('/api/services?published=true').expect(200);
    expect(second.headers['x-cache']).toBe('HIT');
    expect(second.body).toEqual(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
    await request(t.app)
      .get('/api/services?published=true')
      .set('If-None-Match', first.headers.etag!)
      .expect(304);
  });

  it('a CMS change shows at the next read: writes invalidate the cache', async () => {
    const before = await request(t.app).get('/api/services?published=true').expect(200);
    const staff = staffClient(t.app, await signIn(t.app));
    const list = (await staff.get('/api/admin/services').expect(200)).body as Array<Record<string, unknown>>;
    const seo = list.find((s) => s.slug === 'seo')!;
    const { id, createdAt: _c, updatedAt: _u, ...rest } = seo;
    await staff
      .put(`/api/admin/services/${id}`)
      .send({ ...rest, title: 'SEO, renamed by staff' })
      .expect(200);
    const after = await request(t.app).get('/api/services?published=true').expect(200);
    expect(after.headers['x-cache']).toBe('MISS');
    expect(after.body).not.toEqual(before.body);
    expect((after.body as Array<{ title: string }>).map((s) => s.title)).toContain('SEO, renamed by staff');
  });

  it('contact and newsletter posts do not throw the cache away', async () => {
    await request(t.app).get('/api/testimonials?published=true').expect(200);
    await request(t.app).post('/api/newsletter').send({ email: 'cache@example.com' }).expect(201);
    const res = await request(t.app).get('/api/testimonials?published=true').expect(200);
    expect(res.headers['x-cache']).toBe('HIT');
  });

  it('signed-in staff bypass the cache (they may preview drafts)', async () => {
    const cookie = await signIn(t.app);
    await request(t.app).get('/api/blog-posts?published=true').expect(200);
    const res = await request(t.app).get('/api/blog-posts?published=true').set('Cookie', cookie).expect(200);
    expect(res.headers['x-cache']).toBeUndefined();
  });

  it('a staff cookie in any spelling the session parser accepts is never cached for visitors', async () => {
    const cookie = await signIn(t.app);
    const staff = staffClient(t.app, cookie);
    const draft = {
      slug: 'cache-draft-check',
      title: 'Unpublished draft',
      excerpt: 'Not for visitors',
      content: 'Draft body',
      category: 'SEO',
      author: 'Staff',
      tags: [],
      published: false,
    };
    await staff.post('/api/admin/blog-posts').send(draft).expect(201);
    const spaced = cookie.replace('=', ' =');
    const asStaff = await request(t.app)
      .get('/api/blog-posts/cache-draft-check')
      .set('Cookie', spaced)
      .expect(200);
    expect(asStaff.headers['x-cache']).toBeUndefined();
    await request(t.app).get('/api/blog-posts/cache-draft-check').expect(404);
    const list = await request(t.app).get('/api/blog-posts').expect(200);
    expect((list.body as Array<{ slug: string }>).map((p) => p.slug)).not.toContain('cache-draft-check');
  });
});
