import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OVERVIEW_PATH, type Overview } from '@agency/contracts';
import { createTestApp } from '../test-support/test-app';
import { STAFF_PASSWORD, signIn, staffClient } from './admin-test-support';
import { EDITOR, createAccount, signInAs } from './staff-test-support';

const NOW = Date.parse('2026-11-23T12:00:00Z');
const HOUR = 60 * 60 * 1000;

const post = (slug: string, publishedAt: string | null) => ({
  slug,
  title: `Post ${slug}`,
  excerpt: 'An excerpt',
  content: 'Body',
  category: 'SEO',
  author: 'Ada',
  published: true,
  publishedAt,
});

describe('GET /api/admin/overview (issue 41, defect 11)', () => {
  let now = NOW;
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let owner: ReturnType<typeof staffClient>;
  let editor: ReturnType<typeof staffClient>;
  beforeAll(async () => {
    t = await createTestApp({ clock: () => new Date(now), env: { ADMIN_PASSWORD: STAFF_PASSWORD } });
    owner = staffClient(t.app, await signIn(t.app));
    await createAccount(owner, EDITOR, 'editor');
    editor = staffClient(t.app, await signInAs(t.app, EDITOR.email, EDITOR.password));
  });
  afterAll(() => t.close());

  it('lists scheduled items soonest first, and each save with its author, to an editor', async () => {
    const later = new Date(NOW + 48 * HOUR).toISOString();
    const sooner = new Date(NOW + 2 * HOUR).toISOString();
    const a = await editor.post('/api/admin/blog-posts').send(post('goes-live-later', later)).expect(201);
    const b = await owner.post('/api/admin/blog-posts').send(post('goes-live-sooner', sooner)).expect(201);
    await editor.post('/api/admin/blog-posts').send(post('already-live', null)).expect(201);
    await editor
      .put(`/api/admin/blog-posts/${a.body.id}`)
      .set('If-Match', a.headers.etag as string)
      .send(post('goes-live-later', later))
      .expect(200);

    const res = await editor.get(OVERVIEW_PATH).expect(200);
    const overview = res.body as Overview;
    expect(overview.scheduled.filter((s) => s.type === 'blog-posts')).toEqual([
      { type: 'blog-posts', id: b.body.id, title: 'Post goes-live-sooner', at: sooner, what: 'goes-live' },
      { type: 'blog-posts', id: a.body.id, title: 'Post goes-live-later', at: later, what: 'goes-live' },
    ]);
    expect(overview.recentEdits.slice(0, 4).map(({ title, by, kind }) => ({ title, by, kind }))).toEqual([
      { title: 'Post goes-live-later', by: EDITOR.name, kind: 'update' },
      { title: 'Post already-live', by: EDITOR.name, kind: 'create' },
      { title: 'Post goes-live-sooner', by: 'Owner', kind: 'create' },
      { title: 'Post goes-live-later', by: EDITOR.name, kind: 'create' },
    ]);

    // Once its time has come an item is live, no longer "coming up".
    now = NOW + 3 * HOUR;
    const after = (await editor.get(OVERVIEW_PATH).expect(200)).body as Overview;
    expect(after.scheduled.map((s) => s.id)).not.toContain(b.body.id);
    expect(after.scheduled.map((s) => s.id)).toContain(a.body.id);
  });

  it("lists a live item's scheduled changes and its unpublish date too", async () => {
    now = NOW;
    const changesAt = new Date(NOW + 5 * HOUR).toISOString();
    const goneAt = new Date(NOW + 6 * HOUR).toISOString();
    const live = await editor
      .post('/api/admin/blog-posts')
      .send({ ...post('live-one', null), unpublishAt: goneAt })
      .expect(201);
    const opened = await editor.get(`/api/admin/blog-posts/${live.body.id}`).expect(200);
    await editor
      .put(`/api/admin/blog-posts/${live.body.id}/draft`)
      .set('If-Match', opened.headers.etag as string)
      .send({
        values: { ...post('live-one', null), title: 'Live one, rewritten', unpublishAt: goneAt },
        publishAt: changesAt,
      })
      .expect(200);
    const { scheduled } = (await editor.get(OVERVIEW_PATH).expect(200)).body as Overview;
    expect(scheduled.filter((s) => s.id === live.body.id)).toEqual([
      { type: 'blog-posts', id: live.body.id, title: 'Live one, rewritten', at: changesAt, what: 'changes' },
      { type: 'blog-posts', id: live.body.id, title: 'Post live-one', at: goneAt, what: 'unpublishes' },
    ]);
  });

  it('is for staff only', async () => {
    const { default: request } = await import('supertest');
    await request(t.app).get(OVERVIEW_PATH).expect(401);
  });
});
