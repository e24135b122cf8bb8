import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test-support/test-app';
import { eq } from 'drizzle-orm';
import { services, staffUsers } from '../db/schema';
import { EDITOR, createAccount, signInAs } from '../admin/staff-test-support';
import { SITE_HOST, STAFF_PASSWORD, signIn, staffClient } from '../admin/admin-test-support';

const TEMPLATE = `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Generic</title></head><body><div id="root"></div></body></html>`;

// A stand-in shell build (see server-build-contract.ts) that shows the item the page's route reads
// through the fetch it is given, as the real remotes do.
const SHELL = `
export const sharedSingletons = { react: (globalThis.__hostReact ??= {}) };
export async function render(req) {
  const path = req.url.replace(/\\?.*$/, '');
  const m = /^\\/(blog|services|case-studies)\\/([^/]+)$/.exec(path);
  const api = m
    ? '/api/' + ({ blog: 'blog-posts', services: 'services', 'case-studies': 'case-studies' })[m[1]] + '/' + m[2]
    : '/api/pages' + path;
  const res = await req.fetch(api, {});
  const item = res.ok ? await res.json() : null;
  return {
    html: '<main><h1>' + (item ? item.title : 'Page Not Found') + '</h1></main>',
    state: { queries: { item } },
    rendered: [],
    leftToBrowser: [],
    problems: [],
  };
}`;

function siteRoot() {
  const root = mkdtempSync(path.join(tmpdir(), 'preview-site-'));
  const files: Record<string, string> = {
    'shell/dist/index.html': TEMPLATE,
    'shell/dist/server/entry-server.js': SHELL,
    'shell/dist/server/shared-modules.json': '{}',
  };
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), text);
  }
  return root;
}

const doc = (html: string) => new JSDOM(html).window.document;
const heading = (html: string) => doc(html).querySelector('#root h1')?.textContent;
const banner = (html: string) => doc(html).getElementById('content-preview')?.textContent;

const post = {
  slug: 'live-post',
  title: 'Stored title',
  excerpt: 'An excerpt',
  content: 'Body',
  contentFormat: 'markdown',
  category: 'SEO',
  author: 'Ada',
  published: true,
};

describe('staff preview of content', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let cookie: string;
  let staff: ReturnType<typeof staffClient>;
  let liveId: number;

  beforeAll(async () => {
    t = await createTestApp({
      env: { SITE_ROOT: siteRoot(), ADMIN_PASSWORD: STAFF_PASSWORD, PUBLIC_URL: `http://${SITE_HOST}` },
    });
    cookie = await signIn(t.app);
    staff = staffClient(t.app, cookie);
    liveId = (await staff.post('/api/admin/blog-posts').send(post).expect(201)).body.id as number;
    await staff
      .post('/api/admin/blog-posts')
      .send({ ...post, slug: 'draft-post', title: 'Draft title', published: false })
      .expect(201);
    await staff
      .post('/api/admin/blog-posts')
      .send({ ...post, slug: 'later-post', title: 'Scheduled title', publishedAt: '2099-01-01T09:00:00Z' })
      .expect(201);
    await t.db.insert(services).values({
      slug: 'draft-service',
      title: 'Draft service',
      description: 'What it does',
      published: false,
    });
  });
  afterAll(() => t.close());

  const expectPreview = (res: request.Response, title: string) => {
    expect(heading(res.text)).toBe(title);
    expect(banner(res.text)).toBe('Preview: not public');
    expect(res.headers['x-robots-tag']).toBe('noindex');
    expect(doc(res.text).querySelector('meta[name="robots"]')?.getAttribute('content')).toMatch(/noindex/);
    expect(res.headers['cache-control']).toMatch(/no-store/);
  };

  it('shows staff a stored draft, a scheduled post and a draft service under the banner', async () => {
    const draft = await staff.get('/blog/draft-post?preview').expect(200);
    expectPreview(draft, 'Draft title');
    expect(doc(draft.text).title).toMatch(/^Draft title/);
    expectPreview(await staff.get('/blog/later-post?preview').expect(200), 'Scheduled title');
    // The public service API hides drafts even from staff: the preview still shows it.
    expectPreview(await staff.get('/services/draft-service?preview').expect(200), 'Draft service');
  });

  it("shows drafts only while the session's account is still enabled", async () => {
    const eddie = await createAccount(staff, EDITOR, 'editor');
    const editor = staffClient(t.app, await signInAs(t.app, EDITOR.email, EDITOR.password));
    expectPreview(await editor.get('/blog/draft-post?preview').expect(200), 'Draft title');
    // Disabled while its session row is still there (disabling deletes them; a request under way, or
    // a row written back, must not keep the drafts open).
    await t.db.update(staffUsers).set({ disabled: true }).where(eq(staffUsers.id, eddie.id));
    for (const url of [
      '/blog/draft-post?preview',
      '/api/blog-posts/draft-post',
      '/api/page-meta?path=/blog/draft-post',
    ]) {
      const res = await editor.get(url);
      expect(res.text, url).not.toMatch(/Draft title/);
    }
    await editor.get('/blog/draft-post?preview').expect(404);
  });

  it('gives anyone else the public answer at the same address: a draft is not found', async () => {
    for (const url of [
      '/blog/draft-post?preview',
      '/blog/later-post?preview',
      '/services/draft-service?preview',
    ]) {
      const res = await request(t.app).get(url).expect(404);
      expect(banner(res.text)).toBeUndefined();
      expect(res.text).not.toMatch(/Draft title|Scheduled title|Draft service/);
    }
  });

  it('previews unsaved values posted by the editor; the live page and the public API keep the stored ones', async () => {
    // The live page is in the page cache before the preview.
    await request(t.app).get('/blog/live-post').expect(200);
    const values = JSON.stringify({ ...post, title: 'Unsaved title' });
    const res = await staff
      .post('/blog/live-post?preview')
      .type('form')
      .send({ values, id: String(liveId) })
      .expect(200);
    expectPreview(res, 'Unsaved title');
    expect(doc(res.text).title).toMatch(/^Unsaved title/);
    for (let i = 0; i < 2; i++) {
      const visitor = await request(t.app).get('/blog/live-post').expect(200);
      expect(heading(visitor.text)).toBe('Stored title');
      expect(banner(visitor.text)).toBeUndefined();
    }
    expect((await request(t.app).get('/api/blog-posts/live-post').expect(200)).body.title).toBe(
      'Stored title',
    );
    const own = await staff.get('/blog/live-post').expect(200);
    expect(heading(own.text)).toBe('Stored title');
    expect(banner(own.text)).toBeUndefined();
  });

  it('previews a live post with its pending draft; visitors and the rendered page keep the live one', async () => {
    const created = await staff
      .post('/api/admin/blog-posts')
      .send({ ...post, slug: 'drafted-post', title: 'Live title' })
      .expect(201);
    await staff
      .put(`/api/admin/blog-posts/${created.body.id}/draft`)
      .set('If-Match', created.headers['etag'] as string)
      .send({ values: { ...post, slug: 'drafted-post', title: 'Pending title' } })
      .expect(200);
    const preview = await staff.get('/blog/drafted-post?preview').expect(200);
    expectPreview(preview, 'Pending title');
    expect(doc(preview.text).title).toMatch(/^Pending title/);
    const visitor = await request(t.app).get('/blog/drafted-post').expect(200);
    expect(heading(visitor.text)).toBe('Live title');
    expect(banner(visitor.text)).toBeUndefined();
  });

  it('previews a pending draft that moves its item at the new address; visitors get 404 there until it goes live', async () => {
    const created = await staff
      .post('/api/admin/blog-posts')
      .send({ ...post, slug: 'old-address', title: 'Live title' })
      .expect(201);
    await staff
      .put(`/api/admin/blog-posts/${created.body.id}/draft`)
      .set('If-Match', created.headers['etag'] as string)
      .send({ values: { ...post, slug: 'new-address', title: 'Moved title' } })
      .expect(200);
    const preview = await staff.get('/blog/new-address?preview').expect(200);
    expectPreview(preview, 'Moved title');
    expectPreview(await staff.get('/blog/old-address?preview').expect(200), 'Moved title');
    const visitor = await request(t.app).get('/blog/new-address?preview').expect(404);
    expect(visitor.text).not.toMatch(/Moved title/);
    expect(heading((await request(t.app).get('/blog/old-address').expect(200)).text)).toBe('Live title');
  });

  it('previews a page that was never saved', async () => {
    const values = JSON.stringify({
      name: 'New',
      slug: 'brand-new',
      title: 'Never saved',
      content: { body: 'Hi' },
    });
    expectPreview(
      await staff.post('/brand-new?preview').type('form').send({ values }).expect(200),
      'Never saved',
    );
    await request(t.app).get('/brand-new').expect(404);
  });

  it('refuses anonymous (401), cross-site (403) and invalid (400) previews', async () => {
    const values = JSON.stringify({ ...post, slug: 'draft-post' });
    const anonymous = await request(t.app)
      .post('/blog/draft-post?preview')
      .type('form')
      .send({ values })
      .expect(401);
    expect(anonymous.text).not.toContain('Draft title');
    await request(t.app)
      .post('/blog/draft-post?preview')
      .set('Cookie', cookie)
      .set('Host', SITE_HOST)
      .set('Origin', 'https://evil.example')
      .type('form')
      .send({ values })
      .expect(403);
    const invalid = await staff
      .post('/blog/draft-post?preview')
      .type('form')
      .send({ values: JSON.stringify({ ...post, slug: 'draft-post', title: '' }) })
      .expect(400);
    expect(invalid.text).toMatch(/^Cannot preview: title: /);
    const elsewhere = await staff
      .post('/blog/draft-post?preview')
      .type('form')
      .send({ values: JSON.stringify(post) });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.text).toBe('Cannot preview: The values are for /live-post, not this address.');
    await staff.post('/blog/draft-post?preview').type('form').send({ values: 'not json' }).expect(400);
    await staff.post('/about?preview').type('form').send({ values }).expect(400);
    // Without ?preview a POST is not a page request at all.
    await staff.post('/blog/draft-post').type('form').send({ values }).expect(404);
    // Nothing was stored by any of it.
    expect((await staff.get(`/api/admin/blog-posts/${liveId}`).expect(200)).body.title).toBe('Stored title');
  });
});
