import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_SITE_SETTINGS,
  type AuditEvent,
  type RevisionSummary,
  type StaffUser,
} from '@agency/contracts';
import { createTestApp } from '../test-support/test-app';
import { PNG } from '../test-support/files';
import { auditEvents } from '../db/schema';
import { STAFF_PASSWORD, signIn, staffClient } from './admin-test-support';
import { EDITOR, createAccount, signInAs } from './staff-test-support';

const POST = {
  slug: 'audited-post',
  title: 'Audited post',
  excerpt: 'A post someone wrote',
  content: 'Body text',
  category: 'SEO',
  author: 'Eddie',
  tags: [],
};

/** Issue 24, item 3: every write records its actor; history names them; the audit lists it all. */
describe('who changed what', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let owner: ReturnType<typeof staffClient>;
  let editor: ReturnType<typeof staffClient>;
  let eddie: StaffUser;
  const audit = async (query = '') =>
    (await owner.get(`/api/admin/audit${query}`).expect(200)).body as AuditEvent[];
  const newest = async () => (await audit())[0]!;

  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_PASSWORD: STAFF_PASSWORD } });
    owner = staffClient(t.app, await signIn(t.app));
    eddie = await createAccount(owner, EDITOR, 'editor');
    editor = staffClient(t.app, await signInAs(t.app, EDITOR.email, EDITOR.password));
  });
  afterAll(() => t.close());

  it('records sign-ins and failed sign-ins with the person and address', async () => {
    await request(t.app)
      .post('/api/admin/auth')
      .send({ email: EDITOR.email, password: 'not the password' })
      .expect(401);
    await request(t.app).post('/api/admin/auth').send({ password: 'not the password either' }).expect(401);
    const [ownerFailed, eddieFailed, eddieIn] = await audit();
    expect(ownerFailed).toMatchObject({ action: 'sign-in-failed', actorName: 'Owner', actorId: null });
    // Filed under the account the e-mail names (issue 36 item 9), by the e-mail that was typed.
    expect(eddieFailed).toMatchObject({
      action: 'sign-in-failed',
      actorName: EDITOR.email,
      actorId: eddie.id,
    });
    expect(eddieIn).toMatchObject({ action: 'sign-in', actorName: 'Eddie Editor', actorId: eddie.id });
    expect(eddieIn!.address).toBeTruthy();
  });

  it("records content writes by their actor; the item's history says who saved it", async () => {
    const created = (await editor.post('/api/admin/blog-posts').send(POST).expect(201)).body as {
      id: number;
    };
    expect(await newest()).toMatchObject({
      action: 'content.create',
      actorName: 'Eddie Editor',
      entityType: 'blog-posts',
      entityId: String(created.id),
      summary: 'Audited post',
    });
    await owner
      .put(`/api/admin/blog-posts/${created.id}`)
      .send({ ...POST, title: 'Audited post, edited' })
      .expect(200);
    expect(await newest()).toMatchObject({
      action: 'content.update',
      actorName: 'Owner',
      summary: 'Audited post, edited',
    });
    const history = (await owner.get(`/api/admin/blog-posts/${created.id}/revisions`).expect(200))
      .body as RevisionSummary[];
    expect(history.map((r) => [r.kind, r.actorName])).toEqual([
      ['update', 'Owner'],
      ['create', 'Eddie Editor'],
    ]);
    await editor.delete(`/api/admin/blog-posts/${created.id}`).expect(204);
    expect(await newest()).toMatchObject({
      action: 'content.delete',
      actorName: 'Eddie Editor',
      entityId: String(created.id),
    });
    await editor.post(`/api/admin/trash/blog-posts/${created.id}/restore`).send({}).expect(200);
    expect(await newest()).toMatchObject({ action: 'trash.restore', entityType: 'blog-posts' });
    await editor
      .post('/api/admin/blog-posts/bulk')
      .send({ action: 'publish', ids: [created.id] })
      .expect(200);
    expect(await newest()).toMatchObject({
      action: 'content.bulk',
      // What it did and to which item (issue 41).
      summary: 'Published: Audited post, edited',
      entityId: String(created.id),
    });
    // The item filter: this post's rows only, newest first.
    const ofItem = await audit(`?type=blog-posts&id=${created.id}`);
    expect(ofItem.map((e) => e.action)).toEqual([
      'content.bulk',
      'trash.restore',
      'content.delete',
      'content.update',
      'content.create',
    ]);
  });

  it('records media uploads and deletes, lead changes, settings, the password and account changes', async () => {
    const image = (await editor.post('/api/admin/upload').attach('image', PNG, 'team.png').expect(201))
      .body as {
      id: number;
    };
    expect(await newest()).toMatchObject({
      action: 'media.upload',
      actorName: 'Eddie Editor',
      entityId: String(image.id),
    });
    await editor.delete(`/api/admin/media/${image.id}`).expect(204);
    expect(await newest()).toMatchObject({
      action: 'media.delete',
      entityType: 'media',
      entityId: String(image.id),
    });
    await editor
      .post('/api/admin/leads/handled')
      .send({ type: 'contacts', ids: [1], handled: true })
      .expect(200);
    expect(await newest()).toMatchObject({ action: 'leads.handled', actorName: 'Eddie Editor' });
    await owner.put('/api/admin/site-settings').send(DEFAULT_SITE_SETTINGS).expect(200);
    expect(await newest()).toMatchObject({
      action: 'settings.update',
      actorName: 'Owner',
      entityType: 'site-settings',
    });
    await owner.patch(`/api/admin/users/${eddie.id}`).send({ name: 'Eddie Editor' }).expect(200);
    expect(await newest()).toMatchObject({
      action: 'user.update',
      entityType: 'users',
      entityId: String(eddie.id),
    });
    await owner
      .post('/api/admin/password')
      .send({ currentPassword: STAFF_PASSWORD, newPassword: STAFF_PASSWORD })
      .expect(204);
    // The password change signs this client in afresh; its old cookie no longer works.
    owner = staffClient(t.app, await signIn(t.app));
    const rows = await audit();
    expect(rows.find((e) => e.action === 'password.change')).toMatchObject({ actorName: 'Owner' });
  });

  it('records nothing for a refused write', async () => {
    const before = (await audit()).length;
    await editor.put('/api/admin/site-settings').send(DEFAULT_SITE_SETTINGS).expect(403);
    await editor.post('/api/admin/blog-posts').send({ slug: 'x' }).expect(400);
    expect((await audit()).length).toBe(before);
  });

  it('filters by person and exports CSV; editors may not read it', async () => {
    const eddies = await audit(`?actor=${eddie.id}`);
    expect(eddies.length).toBeGreaterThan(5);
    // Eddie's own rows, and the failed sign-in that named his account.
    expect(new Set(eddies.map((e) => e.actorName))).toEqual(new Set(['Eddie Editor', EDITOR.email]));
    expect(eddies.filter((e) => e.actorName === EDITOR.email).map((e) => e.action)).toEqual([
      'sign-in-failed',
    ]);
    const owners = await audit('?actor=owner');
    expect(owners.every((e) => e.actorId === null)).toBe(true);
    const csv = await owner
      .get(`/api/admin/audit.csv?actor=${eddie.id}`)
      .expect(200)
      .expect('Content-Type', /text\/csv/);
    const lines = csv.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('"When","Person","Action","Item type","Item id","Summary","Address"');
    expect(lines).toHaveLength(eddies.length + 1);
    expect(lines[1]).toContain('"Eddie Editor"');
    await editor.get('/api/admin/audit').expect(403);
  });

  it('pages by date: a full page links the next, `before` reaches the oldest row, from/to bound the time', async () => {
    // 40 sign-ins, one a day back from 2026-03-01 (older than everything the tests above wrote),
    // stored oldest first as time wrote them.
    await t.db.insert(auditEvents).values(
      Array.from({ length: 40 }, (_, n) => 39 - n).map((i) => ({
        actorId: null,
        actorName: 'Owner',
        action: 'sign-in' as const,
        at: new Date(Date.UTC(2026, 2, 1) - i * 86_400_000).toISOString(),
        summary: `day ${i}`,
      })),
    );
    const old = '?to=2026-03-02';
    const seen: AuditEvent[] = [];
    let url: string | undefined = `/api/admin/audit${old}&limit=15`;
    for (let page = 0; url && page < 10; page++) {
      const res: request.Response = await owner.get(url).expect(200);
      const rows = res.body as AuditEvent[];
      expect(rows.length).toBeLessThanOrEqual(15);
      seen.push(...rows);
      url = /<([^>]+)>; rel="next"/.exec(String(res.headers['link'] ?? ''))?.[1];
    }
    expect(seen).toHaveLength(40);
    expect(seen.at(-1)).toMatchObject({ summary: 'day 39' });
    expect(seen.map((e) => e.summary)).toEqual(Array.from({ length: 40 }, (_, i) => `day ${i}`));
    // A client may also ask `before` the last id it holds.
    const after = await audit(`${old}&limit=5&before=${seen[4]!.id}`);
    expect(after.map((e) => e.summary)).toEqual(['day 5', 'day 6', 'day 7', 'day 8', 'day 9']);
    // A date range: from (inclusive) to (exclusive), dates in UTC or instants.
    const week = await audit('?from=2026-02-01&to=2026-02-08');
    expect(week.map((e) => e.summary)).toEqual([
      'day 22',
      'day 23',
      'day 24',
      'day 25',
      'day 26',
      'day 27',
      'day 28',
    ]);
    expect(await audit('?from=2026-02-28T00:00:00Z&to=2026-03-01T00:00:01%2B00:00')).toHaveLength(2);
    // Without paging parameters the answer is what it always was: the newest rows, as an array.
    expect((await audit()).length).toBeGreaterThan(40);
    for (const bad of ['?before=0', '?limit=5001', '?limit=x', '?from=yesterday', '?to=2026-13-01']) {
      await owner.get(`/api/admin/audit${bad}`).expect(400);
    }
  });
});
