import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test-support/test-app';
import { createPublicCache, tagsFromNotification } from './public-cache';
import { CONTENT_TAGS } from './public-reads';
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
    // A client holding several copies lists them; the one that matches makes it a 304 too.
    await request(t.app)
      .get('/api/services?published=true')
      .set('If-None-Match', `W/"0-stale", ${first.headers.etag!}`)
      .expect(304);
    await request(t.app).get('/api/services?published=true').set('If-None-Match', 'W/"0-stale"').expect(200);
  });

  it('a hit is sent in the encoding Express negotiates: q=0 refuses br, identity gets the plain JSON', async () => {
    const url = '/api/services?published=true';
    const plain = await request(t.app).get(url).set('Accept-Encoding', 'identity').expect(200);
    expect(plain.headers['x-cache']).toBe('HIT');
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const [header, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['br;q=0, gzip', 'gzip'],
      ['*;q=0, identity', undefined],
    ] as const) {
      const res = await request(t.app).get(url).set('Accept-Encoding', header).expect(200);
      expect(res.headers['x-cache'], header).toBe('HIT');
      expect(res.headers['content-encoding'], header).toBe(encoding);
      expect(res.body, header).toEqual(plain.body);
    }
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

describe('public cache: tags', () => {
  const html = (text: string) => ({ body: text, contentType: 'text/html; charset=utf-8' });

  it('invalidating a tag drops exactly the entries built from it', () => {
    const cache = createPublicCache();
    cache.store('/blog', html('blog'), { tags: ['blog-posts', 'site-settings'], since: cache.mark() });
    cache.store('/services', html('services'), { tags: ['services', 'site-settings'], since: cache.mark() });
    cache.store('/api/testimonials', html('t'), { tags: ['testimonials'], since: cache.mark() });
    cache.invalidate(['blog-posts']);
    expect(cache.lookup('/blog')).toBeUndefined();
    expect(cache.lookup('/services')?.body.toString()).toBe('services');
    cache.invalidate(['site-settings']);
    expect(cache.lookup('/services')).toBeUndefined();
    expect(cache.size()).toBe(1);
  });

  it('never stores an answer built before an invalidation of one of its tags', () => {
    const cache = createPublicCache();
    const before = cache.mark();
    cache.invalidate(['pages']);
    cache.store('/about', html('stale'), { tags: ['pages'], since: before });
    expect(cache.lookup('/about')).toBeUndefined();
    cache.store('/services', html('fine'), { tags: ['services'], since: before });
    expect(cache.lookup('/services')).toBeDefined();
    cache.store('/about', html('fresh'), { tags: ['pages'], since: cache.mark() });
    expect(cache.lookup('/about')?.body.toString()).toBe('fresh');
  });

  it('drops entries past their max age', () => {
    const cache = createPublicCache();
    cache.store('/r', html('r'), { tags: ['resources'], since: cache.mark(), maxAgeMs: -1 });
    expect(cache.lookup('/r')).toBeUndefined();
  });

  it('keeps what it drops for a while: aged-out copies as merely old, those a change dropped as changed', () => {
    const cache = createPublicCache({ staleMs: 60_000 });
    cache.store('/old', html('old'), { tags: ['resources'], since: cache.mark(), maxAgeMs: -1 });
    cache.store('/blog', html('blog'), { tags: ['blog-posts'], since: cache.mark() });
    expect(cache.lookup('/old')).toBeUndefined();
    expect(cache.keptCopy('/old')).toMatchObject({ changed: false });
    cache.invalidate(['blog-posts']);
    expect(cache.keptCopy('/blog')?.entry.body.toString()).toBe('blog');
    expect(cache.keptCopy('/blog')?.changed).toBe(true);
    // A change to an aged-out copy's content makes it changed too; a fresh answer replaces it.
    cache.invalidate(['resources']);
    expect(cache.keptCopy('/old')?.changed).toBe(true);
    cache.store('/blog', html('new'), { tags: ['blog-posts'], since: cache.mark() });
    expect(cache.keptCopy('/blog')).toBeUndefined();
    const never = createPublicCache({ staleMs: 0 });
    never.store('/r', html('r'), { tags: ['resources'], since: never.mark() });
    never.invalidate(['resources']);
    expect(never.keptCopy('/r')).toBeUndefined();
  });

  it('reads the tags of a notification, and drops everything for one it cannot read', () => {
    expect(tagsFromNotification('services,pages')).toEqual(['services', 'pages']);
    expect(tagsFromNotification('12345')).toEqual(CONTENT_TAGS);
  });
});
