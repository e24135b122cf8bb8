import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test-support/test-app';
import { STAFF_PASSWORD, signIn, staffClient } from '../admin/admin-test-support';
import { isoTimestamps } from './iso-timestamps';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('timestamps in API answers', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({ seed: true, env: { ADMIN_PASSWORD: STAFF_PASSWORD } });
  });
  afterAll(() => t.close());

  it('admin and public answers carry ISO 8601 timestamps, never the database text form', async () => {
    const staff = staffClient(t.app, await signIn(t.app));
    const pages = (await staff.get('/api/admin/pages').expect(200)).body as Record<string, unknown>[];
    expect(pages.length).toBeGreaterThan(0);
    for (const p of pages) {
      expect(p['createdAt']).toMatch(ISO);
      expect(p['updatedAt']).toMatch(ISO);
    }
    const posts = (await staff.get('/api/admin/blog-posts').expect(200)).body as Record<string, unknown>[];
    const dated = posts.filter((p) => p['publishedAt'] !== null);
    expect(dated.length).toBeGreaterThan(0);
    for (const p of dated) expect(p['publishedAt']).toMatch(ISO);
    for (const p of posts) expect(p['createdAt']).toMatch(ISO);
    const leads = await request(t.app)
      .post('/api/newsletter')
      .send({ email: 'iso-check@example.com' })
      .expect(201);
    expect(leads.body.createdAt).toMatch(ISO);
    const publicPosts = (await request(t.app).get('/api/blog-posts?published=true').expect(200)).body as {
      publishedAt: string | null;
      createdAt: string;
    }[];
    expect(publicPosts.length).toBeGreaterThan(0);
    for (const p of publicPosts) {
      expect(p.createdAt).toMatch(ISO);
      if (p.publishedAt !== null) expect(p.publishedAt).toMatch(ISO);
    }
  });

  it('a public answer served from the cache is the same ISO answer as the first one', async () => {
    const first = await request(t.app).get('/api/content-blocks/homepage-hero').expect(200);
    expect(first.headers['x-cache']).toBe('MISS');
    expect(first.body.createdAt).toMatch(ISO);
    const again = await request(t.app).get('/api/content-blocks/homepage-hero').expect(200);
    expect(again.headers['x-cache']).toBe('HIT');
    expect(again.text).toBe(first.text);
  });

  it('an item saved with the ETag of its listed (ISO) form is accepted; a stale one is not', async () => {
    const staff = staffClient(t.app, await signIn(t.app));
    const [page] = (await staff.get('/api/admin/pages').expect(200)).body as {
      id: number;
      updatedAt: string;
    }[];
    const one = await staff.get(`/api/admin/pages/${page!.id}`).expect(200);
    const { id, createdAt, updatedAt, ...values } = one.body as Record<string, unknown>;
    void id;
    void createdAt;
    void updatedAt;
    const tag = one.headers['etag'] as string;
    await staff.put(`/api/admin/pages/${page!.id}`).set('If-Match', tag).send(values).expect(200);
    await staff.put(`/api/admin/pages/${page!.id}`).set('If-Match', tag).send(values).expect(412);
  });

  it('converts only timestamp-named fields holding a timestamp', () => {
    const json = JSON.stringify(
      { createdAt: '2026-11-22 13:30:28.94+00', title: '2026-11-22 13:30:28.94+00', updatedAt: 'soon' },
      isoTimestamps,
    );
    expect(JSON.parse(json)).toEqual({
      createdAt: '2026-11-22T13:30:28.940Z',
      title: '2026-11-22 13:30:28.94+00',
      updatedAt: 'soon',
    });
  });
});
