import request from 'supertest';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REVISIONS_KEPT } from '@agency/contracts';
import { createTestApp } from '../test-support/test-app';
import { blogPosts, revisions } from '../db/schema';
import { STAFF_PASSWORD, signIn, staffClient } from './admin-test-support';

type Summary = { id: number; createdAt: string; kind: string; changedFields: string[] };

describe('revisions', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let staff: ReturnType<typeof staffClient>;
  beforeAll(async () => {
    t = await createTestApp({ seed: true, env: { ADMIN_PASSWORD: STAFF_PASSWORD } });
    staff = staffClient(t.app, await signIn(t.app));
  });
  afterAll(() => t.close());

  it('every save of a seeded post keeps a revision; restoring one is a new revision and the public post changes back', async () => {
    const [seeded] = await t.db.select().from(blogPosts).limit(1);
    const { id, slug, title: original } = seeded!;
    const url = `/api/admin/blog-posts/${id}`;
    const opened = await staff.get(url).expect(200);
    const { id: _id, createdAt: _c, updatedAt: _u, ...values } = opened.body as Record<string, unknown>;

    await staff
      .put(url)
      .send({ ...values, title: 'Edited title', tags: ['one', 'two'] })
      .expect(200);
    expect((await request(t.app).get(`/api/blog-posts/${slug}`).expect(200)).body.title).toBe('Edited title');

    const listed = (await staff.get(`${url}/revisions`).expect(200)).body as Summary[];
    // The save, and before it the post as it was found (it was seeded before any save was recorded).
    expect(listed.map((r) => r.kind)).toEqual(['update', 'baseline']);
    expect(listed[0]!.changedFields.sort()).toEqual(['tags', 'title']);
    expect(Date.parse(listed[0]!.createdAt)).not.toBeNaN();
    const baseline = (await staff.get(`${url}/revisions/${listed[1]!.id}`).expect(200)).body;
    expect(baseline.snapshot).toMatchObject({ title: original, slug, published: true });
    expect(Object.keys(baseline.snapshot)).not.toContain('updatedAt');

    // Restore with a stale version tag: refused, nothing changes.
    const stale = await staff
      .post(`${url}/revisions/${listed[1]!.id}/restore`)
      .set('If-Match', opened.headers['etag'] as string)
      .send({})
      .expect(412);
    expect(stale.body.message).toBe('This item was changed by someone else since you opened it');
    expect((await staff.get(`${url}/revisions`)).body).toHaveLength(2);

    const current = await staff.get(url).expect(200);
    const restored = await staff
      .post(`${url}/revisions/${listed[1]!.id}/restore`)
      .set('If-Match', current.headers['etag'] as string)
      .send({})
      .expect(200);
    expect(restored.body).toMatchObject({ id, title: original, tags: baseline.snapshot.tags });
    expect(restored.headers['etag']).toBeTruthy();
    expect((await request(t.app).get(`/api/blog-posts/${slug}`).expect(200)).body.title).toBe(original);

    const after = (await staff.get(`${url}/revisions`).expect(200)).body as Summary[];
    expect(after.map((r) => r.kind)).toEqual(['restore', 'update', 'baseline']);
    expect(after[0]!.changedFields.sort()).toEqual(['tags', 'title']);
  });

  it('a new item starts with a create revision; only the newest 50 are kept; unknown ids are 404', async () => {
    const created = await staff
      .post('/api/admin/testimonials')
      .send({ content: 'Great work.', name: 'Ada' })
      .expect(201);
    const url = `/api/admin/testimonials/${created.body.id}`;
    const first = (await staff.get(`${url}/revisions`).expect(200)).body as Summary[];
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ kind: 'create' });
    expect(first[0]!.changedFields).toContain('content');

    for (let i = 1; i <= REVISIONS_KEPT + 2; i++) {
      await staff
        .put(url)
        .send({ content: `Great work ${i}.`, name: 'Ada' })
        .expect(200);
    }
    const kept = (await staff.get(`${url}/revisions`).expect(200)).body as Summary[];
    expect(kept).toHaveLength(REVISIONS_KEPT);
    expect(kept.every((r) => r.kind === 'update' && r.changedFields.join() === 'content')).toBe(true);
    const newest = (await staff.get(`${url}/revisions/${kept[0]!.id}`).expect(200)).body;
    expect(newest.snapshot.content).toBe(`Great work ${REVISIONS_KEPT + 2}.`);
    const oldest = (await staff.get(`${url}/revisions/${kept.at(-1)!.id}`).expect(200)).body;
    expect(oldest.snapshot.content).toBe('Great work 3.');
    const stored = await t.db
      .select({ id: revisions.id })
      .from(revisions)
      .where(
        and(eq(revisions.entityType, 'testimonials'), eq(revisions.entityId, created.body.id as number)),
      );
    expect(stored).toHaveLength(REVISIONS_KEPT);

    // The create revision was dropped; a revision of another item is not this item's.
    await staff.get(`${url}/revisions/${first[0]!.id}`).expect(404);
    await staff.post(`${url}/revisions/999999/restore`).send({}).expect(404);
    const other = await staff
      .post('/api/admin/testimonials')
      .send({ content: 'Another.', name: 'Bo' })
      .expect(201);
    const [otherRev] = (await staff.get(`/api/admin/testimonials/${other.body.id}/revisions`).expect(200))
      .body as Summary[];
    await staff.get(`${url}/revisions/${otherRev!.id}`).expect(404);
    await staff.get('/api/admin/testimonials/999999/revisions').expect(404);
  });

  it('anonymous clients get 401 and no revision', async () => {
    const id = ((await staff.get('/api/admin/blog-posts')).body[0] as { id: number }).id;
    await request(t.app).get(`/api/admin/blog-posts/${id}/revisions`).expect(401);
    await request(t.app).get(`/api/admin/blog-posts/${id}/revisions/1`).expect(401);
    await request(t.app).post(`/api/admin/blog-posts/${id}/revisions/1/restore`).send({}).expect(401);
  });
});
