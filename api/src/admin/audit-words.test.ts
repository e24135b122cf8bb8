import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEvent, StaffUser } from '@agency/contracts';
import { createTestApp } from '../test-support/test-app';
import { PNG } from '../test-support/files';
import { contactRequests } from '../db/schema';
import { STAFF_PASSWORD, signIn, staffClient } from './admin-test-support';
import { EDITOR, createAccount } from './staff-test-support';

const POST = {
  slug: 'worded-post',
  title: 'A worded post',
  excerpt: 'A post someone wrote',
  content: 'Body text',
  category: 'SEO',
  author: 'Eddie',
};

/** Issue 41, defect 4: the audit names items and says what happened, in the words of the CMS. */
describe('the audit’s words', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let owner: ReturnType<typeof staffClient>;
  let eddie: StaffUser;
  const audit = async (query = '') =>
    (await owner.get(`/api/admin/audit${query}`).expect(200)).body as AuditEvent[];
  const newest = async () => (await audit())[0]!;

  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_PASSWORD: STAFF_PASSWORD } });
    owner = staffClient(t.app, await signIn(t.app));
    eddie = await createAccount(owner, EDITOR, 'editor');
  });
  afterAll(() => t.close());

  it('moving to the Trash and deleting for good name the item, one at a time and in bulk', async () => {
    const post = (await owner.post('/api/admin/blog-posts').send(POST).expect(201)).body as { id: number };
    await owner.delete(`/api/admin/blog-posts/${post.id}`).expect(204);
    expect(await newest()).toMatchObject({
      action: 'content.delete',
      entityType: 'blog-posts',
      entityId: String(post.id),
      summary: 'A worded post',
    });
    await owner.delete(`/api/admin/trash/blog-posts/${post.id}`).expect(204);
    expect(await newest()).toMatchObject({ action: 'trash.purge', summary: 'A worded post' });

    const other = (
      await owner
        .post('/api/admin/blog-posts')
        .send({ ...POST, slug: 'bulk-post', title: 'Bulk post' })
        .expect(201)
    ).body as { id: number };
    await owner
      .post('/api/admin/blog-posts/bulk')
      .send({ action: 'delete', ids: [other.id] })
      .expect(200);
    expect(await newest()).toMatchObject({
      action: 'content.bulk',
      entityId: String(other.id),
      summary: 'Moved to the Trash: Bulk post',
    });
  });

  it('a file moved to the Trash is named and filed as such', async () => {
    const image = (await owner.post('/api/admin/upload').attach('image', PNG, 'team-photo.png').expect(201))
      .body as { id: number };
    await owner.delete(`/api/admin/media/${image.id}`).expect(204);
    expect(await newest()).toMatchObject({ action: 'media.delete', summary: 'team-photo.png' });
    const csv = (await owner.get(`/api/admin/audit.csv?type=media&id=${image.id}`).expect(200)).text;
    expect(csv).toContain('"Moved a file to the Trash","File"');
  });

  it('disable, enable and a new password each have their own action', async () => {
    await owner.patch(`/api/admin/users/${eddie.id}`).send({ disabled: true }).expect(200);
    expect(await newest()).toMatchObject({ action: 'user.disable', summary: EDITOR.name });
    await owner.patch(`/api/admin/users/${eddie.id}`).send({ disabled: false }).expect(200);
    expect(await newest()).toMatchObject({ action: 'user.enable' });
    await owner
      .patch(`/api/admin/users/${eddie.id}`)
      .send({ password: 'a brand new passphrase' })
      .expect(200);
    expect(await newest()).toMatchObject({ action: 'user.password' });
    await owner.patch(`/api/admin/users/${eddie.id}`).send({ role: 'admin' }).expect(200);
    expect(await newest()).toMatchObject({ action: 'user.update' });
  });

  it('"Marked leads" says how and how many', async () => {
    const rows = await t.db
      .insert(contactRequests)
      .values(
        [1, 2].map((n) => ({
          firstName: `Lead${n}`,
          lastName: 'X',
          email: `lead${n}@example.com`,
          company: 'Co',
          budget: '5k',
          goals: 'More',
        })),
      )
      .returning({ id: contactRequests.id });
    const ids = rows.map((r) => r.id);
    await owner.post('/api/admin/leads/handled').send({ type: 'contacts', ids, handled: true }).expect(200);
    expect((await newest()).summary).toBe(`2 contacts leads marked handled (#${ids.join(', #')})`);
    await owner
      .post('/api/admin/leads/handled')
      .send({ type: 'contacts', ids: [ids[0]], handled: false })
      .expect(200);
    expect((await newest()).summary).toBe(`1 contacts lead marked open again (#${ids[0]})`);
  });

  it('the type filter takes the names the CMS shows (Blog, Blog Post) as well as the code', async () => {
    const codes = await audit('?type=blog-posts');
    expect(codes.length).toBeGreaterThan(2);
    for (const name of ['Blog', 'Blog Post', 'blog posts', 'BLOG']) {
      expect((await audit(`?type=${encodeURIComponent(name)}`)).map((e) => e.id)).toEqual(
        codes.map((e) => e.id),
      );
    }
    expect(await audit('?type=Staff')).toEqual(await audit('?type=users'));
    expect(await audit('?type=Nothing')).toEqual([]);
  });

  it('the CSV has words, not codes, and times to the second', async () => {
    const csv = (await owner.get('/api/admin/audit.csv?type=Blog').expect(200)).text;
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('"When","Person","Action","Item type","Item id","Summary","Address"');
    expect(lines.some((l) => l.includes('"Moved to the Trash","Blog Post"'))).toBe(true);
    expect(lines.some((l) => l.includes('"Deleted for good","Blog Post"'))).toBe(true);
    expect(csv).not.toContain('content.delete');
    expect(lines[1]).toMatch(/^"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC","Owner"/);
  });
});
