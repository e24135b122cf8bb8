import request from 'supertest';
import { STAFF_PASSWORD, signIn, staffClient } from '../admin/admin-test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceListSchema, testimonialListSchema } from '@agency/contracts';
import { createTestApp } from '../test-support/test-app';
import { contentBlocks, services, testimonials } from '../db/schema';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

describe('GET /api/content-blocks/:identifier', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.db.insert(contentBlocks).values([
      { name: 'Hero', identifier: 'homepage-hero', content: { title: 'Growth, Measured.' } },
      { name: 'Old banner', identifier: 'old-banner', content: { title: 'Gone' }, published: false },
    ]);
  });
  afterAll(() => t.close());

  it('answers an active block with its content and entity fields', async () => {
    const res = await request(t.app).get('/api/content-blocks/homepage-hero').expect(200);
    expect(res.body).toMatchObject({
      name: 'Hero',
      identifier: 'homepage-hero',
      type: 'hero',
      published: true,
      content: { title: 'Growth, Measured.' },
    });
    expect(Date.parse(res.body.createdAt)).not.toBeNaN();
  });

  it('answers 404 NOT_FOUND for a missing block and for an inactive one', async () => {
    for (const id of ['no-such-block', 'old-banner']) {
      const res = await request(t.app).get(`/api/content-blocks/${id}`).expect(404);
      expect(res.body).toEqual({ message: expect.any(String), code: 'NOT_FOUND' });
      expect(res.text).not.toContain('Gone');
    }
  });

  it('refuses malformed identifiers and unknown query parameters with 400, never 500', async () => {
    for (const path of [
      '/api/content-blocks/Homepage-Hero',
      "/api/content-blocks/x'%20or%201=1--",
      `/api/content-blocks/${'a'.repeat(200)}`,
      '/api/content-blocks/%00',
      '/api/content-blocks/homepage-hero?draft=1',
    ]) {
      const res = await request(t.app).get(path);
      expect(res.status, path).toBe(400);
      expect(res.body.code, path).toBe('VALIDATION_ERROR');
    }
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await request(t.app).get('/api/content-blocks/homepage-hero').expect(200);
    expect(first.headers.etag).toBeTruthy();
    await request(t.app)
      .get('/api/content-blocks/homepage-hero')
      .set('If-None-Match', first.headers.etag as string)
      .expect(304);
  });
});

describe('GET /api/services', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_PASSWORD: STAFF_PASSWORD } });
    await t.db.insert(services).values([
      { slug: 'third', title: 'Third', description: 'c', displayOrder: 3, icon: 'bot' },
      {
        slug: 'first',
        title: 'First',
        description: 'a',
        displayOrder: 1,
        features: [
          { title: 'One', description: 'The first' },
          { title: 'Two', description: '' },
        ],
        provenResult: '2x more',
      },
      { slug: 'draft', title: 'Draft', description: 'x', displayOrder: 0, published: false },
      { slug: 'second', title: 'Second', description: 'b', displayOrder: 2, icon: 'unknown-icon' },
    ]);
  });
  afterAll(() => t.close());

  it('lists only published services ordered by displayOrder, in the public shape', async () => {
    const res = await request(t.app).get('/api/services?published=true').expect(200);
    expect(res.body.map((s: { slug: string }) => s.slug)).toEqual(['first', 'second', 'third']);
    expect(serviceListSchema.safeParse(res.body).success).toBe(true);
    expect(res.body[0]).toMatchObject({
      icon: 'search',
      visual: 'ocean',
      features: ['One', 'Two'],
      provenResult: '2x more',
    });
    expect(res.body[0]).not.toHaveProperty('published');
  });

  it('answers an unknown icon with the default one', async () => {
    const res = await request(t.app).get('/api/services').expect(200);
    expect(res.body.find((s: { slug: string }) => s.slug === 'second').icon).toBe('search');
  });

  it('returns only published rows without the query parameter too', async () => {
    const res = await request(t.app).get('/api/services').expect(200);
    expect(res.body).toHaveLength(3);
    expect(JSON.stringify(res.body)).not.toContain('draft');
  });

  it('answers 400 to unknown query values and parameters', async () => {
    for (const query of ['published=false', 'published=yes', 'published=true&published=true', 'limit=5']) {
      const res = await request(t.app).get(`/api/services?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.code, query).toBe('VALIDATION_ERROR');
    }
  });

  it('sends an ETag, answers 304 to it and 200 again once the data changed', async () => {
    const first = await request(t.app).get('/api/services?published=true').expect(200);
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    // Browsers revalidate every time (max-age=0); a shared cache in front may hold it (shared-cache.ts).
    expect(first.headers['cache-control']).toBe(
      'public, max-age=0, s-maxage=60, stale-while-revalidate=30, stale-if-error=86400',
    );
    const again = await request(t.app)
      .get('/api/services?published=true')
      .set('If-None-Match', etag)
      .expect(304);
    expect(again.text).toBe('');
    // Staff rename it in the CMS (every change to public content goes through the API).
    const staff = staffClient(t.app, await signIn(t.app));
    const row = (
      (await staff.get('/api/admin/services').expect(200)).body as Array<Record<string, unknown>>
    ).find((s) => s.slug === 'first')!;
    const { id, createdAt: _c, updatedAt: _u, ...rest } = row;
    await staff
      .put(`/api/admin/services/${id}`)
      .send({ ...rest, title: 'First, renamed' })
      .expect(200);
    const changed = await request(t.app)
      .get('/api/services?published=true')
      .set('If-None-Match', etag)
      .expect(200);
    expect(changed.body[0].title).toBe('First, renamed');
  });
});

describe('GET /api/testimonials', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.db.insert(testimonials).values([
      { content: 'Great work', name: 'Ana', title: 'CMO', company: 'Acme', rating: 4, displayOrder: 2 },
      { content: 'Default rating', name: 'Ben', displayOrder: 1 },
      { content: 'Hidden', name: 'Cy', published: false },
    ]);
  });
  afterAll(() => t.close());

  it('lists published testimonials in order, with rating defaulting to 5', async () => {
    const res = await request(t.app).get('/api/testimonials?published=true').expect(200);
    expect(testimonialListSchema.safeParse(res.body).success).toBe(true);
    expect(res.body).toEqual([
      expect.objectContaining({ name: 'Ben', rating: 5, title: '', company: '', imageUrl: null }),
      expect.objectContaining({ name: 'Ana', rating: 4, title: 'CMO', company: 'Acme' }),
    ]);
    expect(res.text).not.toContain('Hidden');
  });

  it('answers 400 to an unknown query value and 304 to a matching ETag', async () => {
    const bad = await request(t.app).get('/api/testimonials?published=1').expect(400);
    expect(bad.body.code).toBe('VALIDATION_ERROR');
    const first = await request(t.app).get('/api/testimonials?published=true').expect(200);
    await request(t.app)
      .get('/api/testimonials?published=true')
      .set('If-None-Match', first.headers.etag as string)
      .expect(304);
  });

  it('answers an empty list on an empty table', async () => {
    const empty = await createTestApp();
    try {
      const res = await request(empty.app).get('/api/testimonials?published=true').expect(200);
      expect(res.body).toEqual([]);
    } finally {
      await empty.close();
    }
  });
});
