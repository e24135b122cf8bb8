import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEvent } from '@agency/contracts';
import { createTestApp } from '../test-support/test-app';
import { STAFF_PASSWORD, signIn, staffClient } from './admin-test-support';

/** Issue 41, small daily things: duplicate an item to start a new one from it. */
describe('POST /api/admin/<type>/:id/duplicate', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let staff: ReturnType<typeof staffClient>;
  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_PASSWORD: STAFF_PASSWORD }, seed: true });
    staff = staffClient(t.app, await signIn(t.app));
  });
  afterAll(() => t.close());

  it('stores an unpublished copy with "(copy)" in its title and a free slug; visitors do not see it', async () => {
    const posts = (await staff.get('/api/admin/blog-posts').expect(200)).body as Array<
      Record<string, unknown>
    >;
    const original = posts.find((p) => p['published'] === true)!;
    const copy = await staff.post(`/api/admin/blog-posts/${String(original['id'])}/duplicate`).expect(201);
    expect(copy.body).toMatchObject({
      title: `${String(original['title'])} (copy)`,
      slug: `${String(original['slug'])}-copy`,
      content: original['content'],
      published: false,
    });
    expect(copy.body.id).not.toBe(original['id']);
    await request(t.app)
      .get(`/api/blog-posts/${String(original['slug'])}-copy`)
      .expect(404);

    const again = await staff.post(`/api/admin/blog-posts/${String(original['id'])}/duplicate`).expect(201);
    expect(again.body.slug).toBe(`${String(original['slug'])}-copy-2`);
    const revisions = await staff.get(`/api/admin/blog-posts/${String(copy.body.id)}/revisions`).expect(200);
    expect(revisions.body).toHaveLength(1);
  });

  it('copies a testimonial under its person’s name, and answers 404 for an item that is not there', async () => {
    const [first] = (await staff.get('/api/admin/testimonials').expect(200)).body as Array<
      Record<string, unknown>
    >;
    const copy = await staff.post(`/api/admin/testimonials/${String(first!['id'])}/duplicate`).expect(201);
    expect(copy.body.name).toBe(`${String(first!['name'])} (copy)`);
    expect(copy.body.published).toBe(false);
    await staff.post('/api/admin/testimonials/999999/duplicate').expect(404);
  });

  it('is audited as a created item', async () => {
    const [page] = (await staff.get('/api/admin/pages').expect(200)).body as Array<Record<string, unknown>>;
    const copy = await staff.post(`/api/admin/pages/${String(page!['id'])}/duplicate`).expect(201);
    const audit = (await staff.get('/api/admin/audit?limit=5').expect(200)).body as AuditEvent[];
    expect(audit[0]).toMatchObject({
      action: 'content.create',
      entityType: 'pages',
      entityId: String(copy.body.id),
    });
  });
});
