import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test-support/test-app';
import { STAFF_PASSWORD, signIn, staffClient } from './admin-test-support';

function siteRoot() {
  const root = mkdtempSync(path.join(tmpdir(), 'redirects-site-'));
  mkdirSync(path.join(root, 'shell', 'dist'), { recursive: true });
  writeFileSync(
    path.join(root, 'shell', 'dist', 'index.html'),
    '<!doctype html><html lang="en"><head><title>x</title></head><body><div id="root"></div></body></html>',
  );
  return root;
}

const post = (slug: string, extra: Record<string, unknown> = {}) => ({
  slug,
  title: `Post ${slug}`,
  excerpt: 'An excerpt',
  content: 'Body',
  category: 'SEO',
  author: 'Ada',
  published: true,
  ...extra,
});

describe('old addresses keep working', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let staff: ReturnType<typeof staffClient>;
  beforeAll(async () => {
    t = await createTestApp({
      env: { ADMIN_PASSWORD: STAFF_PASSWORD, SITE_ROOT: siteRoot(), PUBLIC_URL: 'https://example.test' },
    });
    staff = staffClient(t.app, await signIn(t.app));
  });
  afterAll(() => t.close());

  const createPost = async (slug: string) =>
    (await staff.post('/api/admin/blog-posts').send(post(slug)).expect(201)).body as { id: number };
  const rename = (id: number, slug: string) =>
    staff.put(`/api/admin/blog-posts/${id}`).send(post(slug)).expect(200);

  it('a slug change makes the old address answer 301 to the new one, counted, before the page cache', async () => {
    const { id } = await createPost('old-name');
    // The old page is read (and cached) before the change.
    await request(t.app).get('/blog/old-name').expect(200);
    await rename(id, 'new-name');

    const moved = await request(t.app).get('/blog/old-name?utm_source=mail').expect(301);
    expect(moved.headers['location']).toBe('/blog/new-name?utm_source=mail');
    await request(t.app).get('/blog/new-name').expect(200);

    const list = await staff.get('/api/admin/redirects').expect(200);
    expect(list.body).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          fromPath: '/blog/old-name',
          toPath: '/blog/new-name',
          source: 'slug',
          hits: 1,
        }),
      ]),
    );
  });

  it('a draft whose slug changes leaves no redirect', async () => {
    const draft = (
      await staff
        .post('/api/admin/blog-posts')
        .send(post('draft-a', { published: false }))
        .expect(201)
    ).body as { id: number };
    await staff
      .put(`/api/admin/blog-posts/${draft.id}`)
      .send(post('draft-b', { published: false }))
      .expect(200);
    await request(t.app).get('/blog/draft-a').expect(404);
  });

  it('chains collapse: A→B then B→C stores A→C and B→C', async () => {
    const { id } = await createPost('chain-a');
    await rename(id, 'chain-b');
    await rename(id, 'chain-c');
    expect((await request(t.app).get('/blog/chain-a').expect(301)).headers['location']).toBe('/blog/chain-c');
    expect((await request(t.app).get('/blog/chain-b').expect(301)).headers['location']).toBe('/blog/chain-c');
    const rows = (await staff.get('/api/admin/redirects').expect(200)).body as {
      fromPath: string;
      toPath: string;
    }[];
    expect(
      rows
        .filter((r) => r.fromPath.startsWith('/blog/chain-'))
        .map((r) => [r.fromPath, r.toPath])
        .sort(),
    ).toEqual([
      ['/blog/chain-a', '/blog/chain-c'],
      ['/blog/chain-b', '/blog/chain-c'],
    ]);
  });

  it('moving back never loops: C→A after A→C deletes A→C; a redirect by hand that would loop is refused', async () => {
    const { id } = await createPost('loop-a');
    await rename(id, 'loop-c');
    await rename(id, 'loop-a');
    await request(t.app).get('/blog/loop-a').expect(200);
    expect((await request(t.app).get('/blog/loop-c').expect(301)).headers['location']).toBe('/blog/loop-a');

    const refused = await staff
      .post('/api/admin/redirects')
      .send({ from: '/blog/loop-a', to: '/blog/loop-c' })
      .expect(400);
    expect(refused.body.message).toMatch(/loop/);
    await request(t.app).get('/blog/loop-a').expect(200);
  });

  it('staff add and delete redirects by hand; the sitemap never lists a redirected address', async () => {
    await createPost('listed');
    const added = await staff
      .post('/api/admin/redirects')
      .send({ from: '/Blog/Listed/', to: '/contact' })
      .expect(201);
    expect(added.body).toMatchObject({ fromPath: '/blog/listed', toPath: '/contact', source: 'manual' });
    expect((await request(t.app).get('/blog/listed').expect(301)).headers['location']).toBe('/contact');

    const sitemap = await request(t.app).get('/sitemap.xml').expect(200);
    expect(sitemap.text).not.toContain('/blog/listed<');
    expect(sitemap.text).not.toContain('/blog/old-name<');
    expect(sitemap.text).toContain('/blog/new-name<');

    await staff.delete(`/api/admin/redirects/${added.body.id}`).expect(204);
    await request(t.app).get('/blog/listed').expect(200);
    expect((await request(t.app).get('/sitemap.xml').expect(200)).text).toContain('/blog/listed<');
    // The server's own addresses (the contracts' SERVER_PATHS) and the CMS never redirect.
    for (const from of ['/api/blog-posts', '/readyz', '/metrics', '/cms', '/healthz']) {
      const refused = await staff.post('/api/admin/redirects').send({ from, to: '/blog' }).expect(400);
      expect(refused.body.fields, from).toEqual({
        from: 'This address belongs to the server (the API, the CMS or site files) and cannot redirect',
      });
    }
  });

  it('a trashed item answers 410 Gone until it is restored', async () => {
    const { id } = await createPost('to-trash');
    await request(t.app).get('/blog/to-trash').expect(200);
    await staff.delete(`/api/admin/blog-posts/${id}`).expect(204);
    const gone = await request(t.app).get('/blog/to-trash').expect(410);
    // The site's own missing-article page (head and status), answered Gone.
    expect(gone.text).toContain('<title>Article Not Found');
    await staff.post(`/api/admin/trash/blog-posts/${id}/restore`).send({}).expect(200);
    await request(t.app).get('/blog/to-trash').expect(200);
  });

  it('CSV import adds each line (refusing the bad ones by line) and the export reads back', async () => {
    const csv = [
      'from,to',
      '/old/services,/services',
      '"/old/about","https://example.org/about?x=1"',
      'not-a-path,/blog',
      '/old/self,/old/self',
    ].join('\r\n');
    const imported = await staff.post('/api/admin/redirects/import').send({ csv }).expect(200);
    expect(imported.body.added).toBe(2);
    expect(imported.body.refused.map((r: { line: number }) => r.line)).toEqual([4, 5]);
    expect((await request(t.app).get('/old/services').expect(301)).headers['location']).toBe('/services');
    expect((await request(t.app).get('/old/about').expect(301)).headers['location']).toBe(
      'https://example.org/about?x=1',
    );

    const exported = await staff.get('/api/admin/redirects.csv').expect(200);
    expect(exported.headers['content-type']).toMatch(/text\/csv/);
    expect(exported.text).toContain('"/old/services","/services"');
    expect(exported.text.split('\r\n')[0]).toContain('"from","to","hits","source","created"');

    // The export imports again as it is (the extra columns are ignored).
    const again = await staff.post('/api/admin/redirects/import').send({ csv: exported.text }).expect(200);
    expect(again.body.refused).toEqual([]);
  });

  it('the audit names each redirect write', async () => {
    const added = await staff
      .post('/api/admin/redirects')
      .send({ from: '/audited', to: '/about' })
      .expect(201);
    await staff.delete(`/api/admin/redirects/${added.body.id}`).expect(204);
    await staff.post('/api/admin/redirects/import').send({ csv: 'from,to\n/audited-2,/about\n' }).expect(200);
    const audit = await staff.get('/api/admin/audit?type=redirects').expect(200);
    const rows = audit.body as { action: string; summary: string }[];
    expect(rows.slice(0, 3).map((r) => [r.action, r.summary])).toEqual([
      ['redirect.import', '1 added, 0 refused'],
      ['redirect.delete', '/audited → /about'],
      ['redirect.create', '/audited → /about'],
    ]);
  });

  it('the list is for staff only', async () => {
    await request(t.app).get('/api/admin/redirects').expect(401);
  });
});
