import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DraftMessages, type AuditEvent, type RevisionSummary } from '@agency/contracts';
import { createTestApp } from '../test-support/test-app';
import { STAFF_PASSWORD, signIn, staffClient } from './admin-test-support';

/** A clock the test moves by hand (the app's "now": scheduled drafts, unpublish dates, the cache). */
function testClock(start = Date.parse('2026-11-29T09:00:00Z')) {
  let now = start;
  return Object.assign(() => new Date(now), { advance: (ms: number) => (now += ms) });
}

const HOUR = 60 * 60 * 1000;

const post = (slug: string, extra: Record<string, unknown> = {}) => ({
  slug,
  title: `Live ${slug}`,
  excerpt: 'An excerpt',
  content: 'Live body',
  contentFormat: 'markdown',
  category: 'SEO',
  author: 'Ada',
  published: true,
  ...extra,
});

describe('drafts of live items', () => {
  const clock = testClock();
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let staff: ReturnType<typeof staffClient>;
  beforeAll(async () => {
    t = await createTestApp({ clock, env: { ADMIN_PASSWORD: STAFF_PASSWORD } });
    staff = staffClient(t.app, await signIn(t.app));
  });
  afterAll(() => t.close());

  /** A published post, as the editor opens it: its id and version (ETag). */
  const livePost = async (slug: string, extra: Record<string, unknown> = {}) => {
    const id = (await staff.post('/api/admin/blog-posts').send(post(slug, extra)).expect(201)).body
      .id as number;
    const opened = await staff.get(`/api/admin/blog-posts/${id}`).expect(200);
    return { id, etag: opened.headers['etag'] as string };
  };
  /** What a visitor gets: the post's title from the public API (null: not found). */
  const publicTitle = async (slug: string) => {
    const res = await request(t.app).get(`/api/blog-posts/${slug}`);
    return res.status === 404 ? null : (res.body as { title: string }).title;
  };
  /** Reads the public post until the cache answers it, so a later change must purge it to show. */
  const cached = async (slug: string) => {
    for (let i = 0; i < 50; i++) {
      const res = await request(t.app).get(`/api/blog-posts/${slug}`).expect(200);
      if (res.headers['x-cache'] === 'HIT') return (res.body as { title: string }).title;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('never cached');
  };
  const audit = async () => (await staff.get('/api/admin/audit').expect(200)).body as AuditEvent[];
  const revisions = async (id: number) =>
    (await staff.get(`/api/admin/blog-posts/${id}/revisions`).expect(200)).body as RevisionSummary[];

  it('saves changes as a draft the public does not see; the editor reads it back, the list marks it', async () => {
    const { id, etag } = await livePost('draft-save');
    expect(await cached('draft-save')).toBe('Live draft-save');
    const saved = await staff
      .put(`/api/admin/blog-posts/${id}/draft`)
      .set('If-Match', etag)
      .send({ values: post('draft-save', { title: 'Draft title', content: 'Draft body' }) })
      .expect(200);
    expect(saved.body.title).toBe('Live draft-save');
    expect(saved.body.draft.values.title).toBe('Draft title');
    expect(saved.body.draft.publishAt).toBeNull();
    expect(saved.headers['etag']).not.toBe(etag);

    // Visitors: the live post, from the cache and from the database alike.
    expect(await publicTitle('draft-save')).toBe('Live draft-save');
    t.cache.invalidate(['blog-posts']);
    expect(await publicTitle('draft-save')).toBe('Live draft-save');

    const opened = await staff.get(`/api/admin/blog-posts/${id}`).expect(200);
    expect(opened.body.title).toBe('Live draft-save');
    expect(opened.body.draft.values).toMatchObject({ title: 'Draft title', content: 'Draft body' });
    expect(opened.headers['etag']).toBe(saved.headers['etag']);
    const listed = (await staff.get('/api/admin/blog-posts').expect(200)).body as {
      id: number;
      draft?: { publishAt: string | null };
    }[];
    expect(listed.find((r) => r.id === id)?.draft).toMatchObject({ publishAt: null });
    expect((await audit())[0]).toMatchObject({
      action: 'content.draft',
      summary: 'Saved a draft of Blog post “Draft title”',
    });
  });

  it('refuses a draft save, a live save, a publish and a discard made against a stale version (412)', async () => {
    const { id, etag } = await livePost('stale');
    const first = await staff
      .put(`/api/admin/blog-posts/${id}/draft`)
      .set('If-Match', etag)
      .send({ values: post('stale', { title: 'Mine' }) })
      .expect(200);
    // A colleague who opened the item before that draft was saved.
    const refusals = [
      await staff
        .put(`/api/admin/blog-posts/${id}/draft`)
        .set('If-Match', etag)
        .send({ values: post('stale', { title: 'Theirs' }) })
        .expect(412),
      await staff.put(`/api/admin/blog-posts/${id}`).set('If-Match', etag).send(post('stale')).expect(412),
      await staff.post(`/api/admin/blog-posts/${id}/draft/publish`).set('If-Match', etag).expect(412),
      await staff.delete(`/api/admin/blog-posts/${id}/draft`).set('If-Match', etag).expect(412),
    ];
    const opened = await staff.get(`/api/admin/blog-posts/${id}`).expect(200);
    // Each says whose change it missed: the draft, saved after the item's last revision (defect 9).
    for (const refused of refusals) {
      expect(refused.body).toMatchObject({
        changedBy: 'Owner',
        changedAt: new Date(opened.body.draft.updatedAt).toISOString(),
      });
    }
    expect(opened.body.draft.values.title).toBe('Mine');
    expect(opened.headers['etag']).toBe(first.headers['etag']);
  });

  it('publishes the draft now: live at once (the cached answer purged), with a revision and an audit row', async () => {
    const { id, etag } = await livePost('publish-now');
    const saved = await staff
      .put(`/api/admin/blog-posts/${id}/draft`)
      .set('If-Match', etag)
      .send({ values: post('publish-now', { title: 'Published title' }) })
      .expect(200);
    expect(await cached('publish-now')).toBe('Live publish-now');
    const published = await staff
      .post(`/api/admin/blog-posts/${id}/draft/publish`)
      .set('If-Match', saved.headers['etag'] as string)
      .expect(200);
    expect(published.body.title).toBe('Published title');
    expect(published.body.draft).toBeUndefined();
    expect(await publicTitle('publish-now')).toBe('Published title');
    expect((await staff.get(`/api/admin/blog-posts/${id}`).expect(200)).body.draft).toBeUndefined();
    expect((await revisions(id))[0]).toMatchObject({ kind: 'update', changedFields: ['title'] });
    expect((await audit())[0]).toMatchObject({
      action: 'content.publish-draft',
      summary: 'Published the draft of Blog post “Published title”',
    });
    // Nothing left to publish.
    await staff.post(`/api/admin/blog-posts/${id}/draft/publish`).expect(404);
  });

  it('discards the draft: the live item stays as it was', async () => {
    const { id, etag } = await livePost('discard');
    const saved = await staff
      .put(`/api/admin/blog-posts/${id}/draft`)
      .set('If-Match', etag)
      .send({ values: post('discard', { title: 'Thrown away' }) })
      .expect(200);
    await staff
      .delete(`/api/admin/blog-posts/${id}/draft`)
      .set('If-Match', saved.headers['etag'] as string)
      .expect(204);
    const opened = await staff.get(`/api/admin/blog-posts/${id}`).expect(200);
    expect(opened.body.draft).toBeUndefined();
    expect(opened.body.title).toBe('Live discard');
    expect(await publicTitle('discard')).toBe('Live discard');
    expect((await audit())[0]).toMatchObject({
      action: 'content.discard-draft',
      summary: 'Discarded the draft of Blog post “Live discard”',
    });
    await staff.delete(`/api/admin/blog-posts/${id}/draft`).expect(404);
  });

  it('publishes a scheduled draft once its time has passed, and only then', async () => {
    const { id, etag } = await livePost('scheduled');
    const at = new Date(clock().getTime() + HOUR).toISOString();
    const saved = await staff
      .put(`/api/admin/blog-posts/${id}/draft`)
      .set('If-Match', etag)
      .send({ values: post('scheduled', { title: 'Goes live later' }), publishAt: at })
      .expect(200);
    expect(saved.body.draft.publishAt).toBe(at);
    expect((await audit())[0]).toMatchObject({
      action: 'content.draft',
      summary: `Scheduled the draft of Blog post “Goes live later” for ${at.slice(0, 19).replace('T', ' ')} UTC`,
    });
    expect(await cached('scheduled')).toBe('Live scheduled');
    expect(await t.app.draftScheduler.runDue()).toBe(0);
    expect(await publicTitle('scheduled')).toBe('Live scheduled');

    clock.advance(HOUR + 1000);
    expect(await t.app.draftScheduler.runDue()).toBe(1);
    expect(await publicTitle('scheduled')).toBe('Goes live later');
    expect((await staff.get(`/api/admin/blog-posts/${id}`).expect(200)).body.draft).toBeUndefined();
    expect((await revisions(id))[0]).toMatchObject({ kind: 'update', changedFields: ['title'] });
    expect((await audit())[0]).toMatchObject({
      action: 'content.publish-draft',
      summary: 'Published the scheduled draft of Blog post “Goes live later”',
    });
    expect(await t.app.draftScheduler.runDue()).toBe(0);
  });

  it('a draft older than a later save of its item does not go live and undo that save (409; the scheduler keeps it back)', async () => {
    const { id, etag } = await livePost('overtaken');
    const at = new Date(clock().getTime() + HOUR).toISOString();
    const drafted = await staff
      .put(`/api/admin/blog-posts/${id}/draft`)
      .set('If-Match', etag)
      .send({ values: post('overtaken', { title: 'From the draft' }), publishAt: at })
      .expect(200);
    // A colleague saves the live item after the draft (the CMS's Save on a live item, a restore, a bulk change).
    await staff
      .put(`/api/admin/blog-posts/${id}`)
      .set('If-Match', drafted.headers['etag'] as string)
      .send(post('overtaken', { title: 'Saved live later' }))
      .expect(200);
    const current = await staff.get(`/api/admin/blog-posts/${id}`).expect(200);
    const refused = await staff
      .post(`/api/admin/blog-posts/${id}/draft/publish`)
      .set('If-Match', current.headers['etag'] as string)
      .expect(409);
    expect(refused.body.message).toBe(DraftMessages.stale);
    expect(await publicTitle('overtaken')).toBe('Saved live later');

    clock.advance(HOUR + 1000);
    expect(await t.app.draftScheduler.runDue()).toBe(0);
    expect(await publicTitle('overtaken')).toBe('Saved live later');
    const kept = await staff.get(`/api/admin/blog-posts/${id}`).expect(200);
    expect(kept.body.draft).toMatchObject({ values: { title: 'From the draft' }, publishAt: null });
    expect((await audit())[0]).toMatchObject({
      action: 'content.draft-kept',
      summary:
        'Could not publish the scheduled draft of Blog post “Saved live later”: the item was saved after the draft, which would undo that save. It stays as a draft',
    });
  });

  it('refuses a schedule time in the past and a draft that fails the type’s rules (400), storing nothing', async () => {
    const { id, etag } = await livePost('refused');
    const past = await staff
      .put(`/api/admin/blog-posts/${id}/draft`)
      .set('If-Match', etag)
      .send({ values: post('refused'), publishAt: new Date(clock().getTime() - HOUR).toISOString() })
      .expect(400);
    expect(past.body.fields).toEqual({ publishAt: 'Schedule time must be in the future' });
    const invalid = await staff
      .put(`/api/admin/blog-posts/${id}/draft`)
      .set('If-Match', etag)
      .send({ values: post('refused', { title: '' }) })
      .expect(400);
    expect(Object.keys(invalid.body.fields)).toEqual(['title']);
    expect((await staff.get(`/api/admin/blog-posts/${id}`).expect(200)).body.draft).toBeUndefined();
  });

  it('hides a published item from visitors once its unpublish date has passed (cached answers too)', async () => {
    const at = new Date(clock().getTime() + HOUR).toISOString();
    await livePost('ends', { unpublishAt: at });
    expect(await cached('ends')).toBe('Live ends');
    const listed = async () =>
      ((await request(t.app).get('/api/blog-posts').expect(200)).body as { slug: string }[]).map(
        (p) => p.slug,
      );
    expect(await listed()).toContain('ends');

    clock.advance(HOUR + 1000);
    expect(await publicTitle('ends')).toBeNull();
    expect(await listed()).not.toContain('ends');
    // Staff still have it, published, with its date.
    const rows = (await staff.get('/api/admin/blog-posts').expect(200)).body as {
      slug: string;
      published: boolean;
      unpublishAt: string | null;
    }[];
    expect(rows.find((r) => r.slug === 'ends')).toMatchObject({ published: true, unpublishAt: at });
  });
});
