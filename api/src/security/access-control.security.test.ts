import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SITE_SETTINGS, SITE_SETTING_KEYS } from '@agency/contracts';
import { blogPosts, pages, services, siteSettings, testimonials } from '../db/schema';
import { createTestApp } from '../test-support/test-app';
import { SITE_HOST, SITE_ORIGIN, STAFF_PASSWORD, signIn, staffClient } from '../admin/admin-test-support';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
type Method = 'get' | 'post' | 'put' | 'delete';

const CRUD = [
  'pages',
  'content-blocks',
  'services',
  'blog-posts',
  'case-studies',
  'testimonials',
  'resources',
];

/** Every staff route, each method it answers, as a visitor without a session would try it. */
const STAFF_ROUTES: [Method, string][] = [
  ...CRUD.flatMap((name): [Method, string][] => [
    ['get', `/api/admin/${name}`],
    ['post', `/api/admin/${name}`],
    ['get', `/api/admin/${name}/1`],
    ['put', `/api/admin/${name}/1`],
    ['delete', `/api/admin/${name}/1`],
  ]),
  ['post', '/api/admin/resources/upload'],
  ['get', '/api/admin/site-settings'],
  ['put', '/api/admin/site-settings'],
  ['get', '/api/admin/media'],
  ['delete', '/api/admin/media/1'],
  ['post', '/api/admin/upload'],
  ['get', '/api/admin/leads'],
  ['get', '/api/admin/leads?type=newsletter'],
  ['get', '/api/admin/leads.csv'],
  ['get', '/api/admin/leads.csv?type=contacts'],
  ['post', '/api/admin/password'],
  ['get', '/api/admin/session'],
];

const page = (slug: string, published: boolean) => ({
  name: `Page ${slug}`,
  slug,
  title: `Title ${slug}`,
  content: { body: `Body of ${slug}` },
  published,
});
const post = (slug: string, published: boolean) => ({
  slug,
  title: `Post ${slug}`,
  excerpt: 'An excerpt long enough.',
  content: 'Post content.',
  category: 'SEO',
  author: 'Staff',
  published,
});
const study = (slug: string, published: boolean) => ({
  slug,
  title: `Study ${slug}`,
  client: 'Client',
  industry: 'Retail',
  duration: '3 months',
  challenge: 'A challenge.',
  solution: 'A solution.',
  published,
});

describe('access control', () => {
  let t: TestApp;
  let cookie: string;
  let staff: ReturnType<typeof staffClient>;
  const snapshot = async () =>
    JSON.stringify(
      await Promise.all([
        t.db.select().from(pages),
        t.db.select().from(services),
        t.db.select().from(testimonials),
        t.db.select().from(blogPosts),
        t.db.select().from(siteSettings),
      ]),
    );

  beforeAll(async () => {
    t = await createTestApp({ seed: true, env: { ADMIN_PASSWORD: STAFF_PASSWORD } });
    cookie = await signIn(t.app);
    staff = staffClient(t.app, cookie);
  });
  afterAll(() => t.close());

  it('answers 401 on every staff route and method without a session, and changes nothing', async () => {
    const before = await snapshot();
    for (const [method, path] of STAFF_ROUTES) {
      const req = request(t.app)[method](path).set('Host', SITE_HOST).set('Origin', SITE_ORIGIN);
      const res = method === 'get' || method === 'delete' ? await req : await req.send({ title: 'Owned' });
      expect(res.status, `${method.toUpperCase()} ${path}`).toBe(401);
      expect(res.body.code, `${method.toUpperCase()} ${path}`).toBe('UNAUTHORIZED');
      expect(res.text).not.toContain('"id"');
    }
    // Unknown admin paths and method overrides are no way around it.
    await request(t.app).get('/api/admin/../admin/pages').expect(401);
    await request(t.app).get('/api/admin/PAGES').expect(401);
    await request(t.app).post('/api/admin/pages').set('X-HTTP-Method-Override', 'GET').expect(401);
    expect(await snapshot()).toBe(before);
  });

  it('refuses cookie-authenticated writes without an Origin, or from a foreign one, with 403 and changes nothing', async () => {
    const before = await snapshot();
    const [service] = await t.db.select().from(services).limit(1);
    const [testimonial] = await t.db.select().from(testimonials).limit(1);
    const attempts: [Method, string, unknown][] = [
      ['post', '/api/admin/pages', page('csrf-page', true)],
      ['put', `/api/admin/services/${service!.id}`, { title: 'Pwned', slug: 'pwned', description: 'Pwned.' }],
      ['delete', `/api/admin/testimonials/${testimonial!.id}`, undefined],
      ['put', '/api/admin/site-settings', { ...DEFAULT_SITE_SETTINGS, siteName: 'Pwned' }],
      ['post', '/api/admin/logout', undefined],
    ];
    const origins: [string, string | undefined][] = [
      ['none', undefined],
      ['foreign', 'http://evil.example'],
      ['look-alike', `http://${SITE_HOST}.evil.example`],
      ['other port', `http://${SITE_HOST}:8080`],
      ['opaque', 'null'],
    ];
    for (const [method, path, body] of attempts) {
      for (const [label, origin] of origins) {
        let req = request(t.app)[method](path).set('Cookie', cookie).set('Host', SITE_HOST);
        if (origin) req = req.set('Origin', origin);
        const res = body === undefined ? await req : await req.send(body as object);
        expect(res.status, `${method} ${path} (${label} origin)`).toBe(403);
        expect(res.body.code).toBe('FORBIDDEN');
      }
      // A foreign Referer (without Origin) is refused the same way.
      const agent = request(t.app);
      const viaReferer = agent[method](path)
        .set('Cookie', cookie)
        .set('Host', SITE_HOST)
        .set('Referer', 'http://evil.example/attack.html');
      expect((body === undefined ? await viaReferer : await viaReferer.send(body as object)).status).toBe(
        403,
      );
    }
    expect(await snapshot()).toBe(before);
    // The session survived the refused cross-site logout.
    await staff.get('/api/admin/session').expect(200);
  });

  it('refuses writes that are neither JSON nor multipart with 415 and stores nothing', async () => {
    const before = await snapshot();
    const forms: [string, string][] = [
      ['text/plain', JSON.stringify(page('plain-page', true))],
      ['application/x-www-form-urlencoded', 'name=Form&slug=form-page&title=Form&published=true'],
      ['text/xml', '<page><slug>xml-page</slug></page>'],
    ];
    for (const [type, body] of forms) {
      const res = await staff.post('/api/admin/pages').set('Content-Type', type).send(body);
      expect(res.status, type).toBe(415);
      expect(res.body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
    const [service] = await t.db.select().from(services).limit(1);
    await staff
      .put(`/api/admin/services/${service!.id}`)
      .set('Content-Type', 'text/plain')
      .send('{"title":"x"}')
      .expect(415);
    expect(await snapshot()).toBe(before);
  });

  it('shows visitors 404 for unpublished pages, posts and case studies, and no drafts in lists, sitemap or RSS', async () => {
    await staff.post('/api/admin/pages').send(page('secret-draft-page', false)).expect(201);
    await staff.post('/api/admin/blog-posts').send(post('secret-draft-post', false)).expect(201);
    await staff.post('/api/admin/case-studies').send(study('secret-draft-study', false)).expect(201);
    await staff
      .post('/api/admin/services')
      .send({ title: 'Hidden service', slug: 'hidden-service', description: 'Not yet.', published: false })
      .expect(201);
    await staff
      .post('/api/admin/testimonials')
      .send({ content: 'Hidden quote', name: 'Hidden Person', published: false })
      .expect(201);

    for (const path of [
      '/api/pages/secret-draft-page',
      '/api/blog-posts/secret-draft-post',
      '/api/case-studies/secret-draft-study',
      '/api/page-meta?path=/blog/secret-draft-post',
    ]) {
      const res = await request(t.app).get(path);
      if (path.startsWith('/api/page-meta')) expect(res.body.status, path).toBe(404);
      else expect(res.status, path).toBe(404);
      expect(res.text, path).not.toContain('Post secret-draft-post');
    }
    for (const path of [
      '/api/blog-posts',
      '/api/blog-posts?published=true',
      '/api/case-studies',
      '/api/services',
      '/api/testimonials',
      '/sitemap.xml',
      '/blog/rss.xml',
    ]) {
      const res = await request(t.app).get(path).expect(200);
      expect(res.text, path).not.toMatch(/secret-draft|hidden-service|Hidden quote/);
    }
    // A forged staff cookie is no preview pass either.
    await request(t.app)
      .get('/api/blog-posts/secret-draft-post')
      .set('Cookie', `staff_session=${'A'.repeat(43)}`)
      .expect(404);
  });

  it('lets signed-in staff preview drafts, without the preview leaking to visitors through the cache', async () => {
    await staff.post('/api/admin/blog-posts').send(post('preview-draft-post', false)).expect(201);
    await staff.post('/api/admin/pages').send(page('preview-draft-page', false)).expect(201);
    // Visitors first, so a cached visitor answer exists, then staff, then visitors again.
    await request(t.app).get('/api/blog-posts/preview-draft-post').expect(404);
    await request(t.app).get('/api/blog-posts').expect(200);
    const preview = await staff.get('/api/blog-posts/preview-draft-post').expect(200);
    expect(preview.body.title).toBe('Post preview-draft-post');
    await staff.get('/api/pages/preview-draft-page').expect(200);
    const list = await staff.get('/api/blog-posts').expect(200);
    expect(list.body.map((p: { slug: string }) => p.slug)).toContain('preview-draft-post');
    // ?published=true is the public view, even for staff.
    const publicView = await staff.get('/api/blog-posts?published=true').expect(200);
    expect(publicView.body.map((p: { slug: string }) => p.slug)).not.toContain('preview-draft-post');

    await request(t.app).get('/api/blog-posts/preview-draft-post').expect(404);
    await request(t.app).get('/api/pages/preview-draft-page').expect(404);
    const visitorList = await request(t.app).get('/api/blog-posts').expect(200);
    expect(visitorList.text).not.toContain('preview-draft-post');
  });

  it('answers the public site settings with the public keys only, and no secrets', async () => {
    const res = await request(t.app).get('/api/site-settings').expect(200);
    expect(Object.keys(res.body).sort()).toEqual([...SITE_SETTING_KEYS].sort());
    expect(Object.keys(res.body.socialLinks).sort()).toEqual(['instagram', 'linkedin', 'x', 'youtube']);
    expect(res.text).not.toContain(STAFF_PASSWORD);
    expect(res.text).not.toMatch(/scrypt|password|secret|session|token/i);
    // A stray row in the settings table (not a public key) is never published.
    await t.db.insert(siteSettings).values({ key: 'smtpPassword', value: 'hunter2-secret' });
    const again = await request(t.app).get('/api/site-settings').expect(200);
    expect(again.text).not.toContain('hunter2-secret');
    expect(Object.keys(again.body)).not.toContain('smtpPassword');
  });

  it('does not reach staff data through the public API: no admin fields, no leads', async () => {
    for (const path of [
      '/api/leads',
      '/api/media',
      '/api/contacts',
      '/api/newsletter',
      '/api/admin-sessions',
    ]) {
      const res = await request(t.app).get(path);
      expect([404, 405], path).toContain(res.status);
    }
    const studies = await request(t.app).get('/api/case-studies').expect(200);
    for (const row of studies.body as Record<string, unknown>[]) expect(row['published']).not.toBe(false);
  });
});
