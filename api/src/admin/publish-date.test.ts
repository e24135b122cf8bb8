import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test-support/test-app';
import { STAFF_PASSWORD, signIn, staffClient } from './admin-test-support';

const POST = {
  slug: 'year-zero',
  title: 'Year zero',
  excerpt: 'A post from before the calendar',
  content: 'Body text',
  category: 'SEO',
  author: 'Ada',
  authorRole: 'Head of SEO',
};
const PAGE = { name: 'Year zero', slug: 'year-zero', title: 'Year zero', content: { body: '# Zero' } };

describe('a publish date no database can store is a 400 for staff, not a 500', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let staff: ReturnType<typeof staffClient>;
  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_PASSWORD: STAFF_PASSWORD } });
    staff = staffClient(t.app, await signIn(t.app));
  });
  afterAll(() => t.close());

  it.each([
    ['/api/admin/blog-posts', POST],
    ['/api/admin/pages', PAGE],
  ])('%s: year 0000 answers 400 with the field message, and nothing is stored', async (path, body) => {
    const res = await staff
      .post(path)
      .send({ ...body, published: true, publishedAt: '0000-01-01T00:00:00Z' })
      .expect(400);
    expect(res.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: { publishedAt: 'Publish date must be in the year 1900 or later' },
    });
    const list = await staff.get(path).expect(200);
    expect((list.body as { slug: string }[]).map((r) => r.slug)).not.toContain('year-zero');
  });

  it('editing an item to year 0000 answers 400 and keeps its date', async () => {
    const created = await staff
      .post('/api/admin/blog-posts')
      .send({ ...POST, slug: 'kept-date', published: true, publishedAt: '2026-01-05T09:00:00Z' })
      .expect(201);
    const res = await staff
      .put(`/api/admin/blog-posts/${created.body.id}`)
      .send({ ...POST, slug: 'kept-date', published: true, publishedAt: '0000-12-31T23:59:59+01:00' })
      .expect(400);
    expect(res.body.fields).toEqual({ publishedAt: 'Publish date must be in the year 1900 or later' });
    const after = await staff.get(`/api/admin/blog-posts/${created.body.id}`).expect(200);
    expect(after.body.publishedAt).toBe('2026-01-05T09:00:00.000Z');
  });
});
