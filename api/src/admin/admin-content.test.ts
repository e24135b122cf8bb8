import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test-support/test-app';
import { CASE_STUDY_FIELDS, STAFF_PASSWORD, signIn, staffClient } from './admin-test-support';

type Staff = ReturnType<typeof staffClient>;

interface EntityCase {
  path: string;
  valid: Record<string, unknown>;
  /** A change to apply with PUT, and how the row must look after it. */
  change: Record<string, unknown>;
  /** A body missing required fields, and the field messages expected. */
  missing: { body: Record<string, unknown>; fields: Record<string, string> };
  /** Field that must be unique, if any. */
  unique?: { field: string; message: string };
  /** Published when created without `published` (else a draft). */
  startsPublished?: true;
}

const CASES: EntityCase[] = [
  {
    path: '/api/admin/pages',
    valid: { name: 'Pricing', slug: 'pricing', title: 'Our pricing', content: { body: '# Plans' } },
    change: { published: true, content: { body: '# New plans' } },
    missing: {
      body: { slug: 'no-name' },
      fields: { name: 'Page name is required', title: 'Page title is required' },
    },
    unique: { field: 'slug', message: 'This slug is already in use' },
  },
  {
    path: '/api/admin/content-blocks',
    valid: { name: 'Footer promo', identifier: 'footer-promo', type: 'banner', content: { text: 'Hi' } },
    // Spec (entities): a content block is published by default.
    startsPublished: true,
    change: { published: false },
    missing: { body: { identifier: 'x-block' }, fields: { name: 'Name is required' } },
    unique: { field: 'identifier', message: 'This identifier is already in use' },
  },
  {
    path: '/api/admin/services',
    valid: { title: 'Email marketing', slug: 'email-marketing', description: 'Campaigns that convert.' },
    change: { features: [{ title: 'Flows', description: 'Welcome and win-back.' }], displayOrder: 3 },
    missing: {
      body: { slug: 'no-title' },
      fields: { title: 'Title is required', description: 'Description is required' },
    },
    unique: { field: 'slug', message: 'This slug is already in use' },
  },
  {
    path: '/api/admin/blog-posts',
    valid: {
      slug: 'hello-world',
      title: 'Hello world',
      excerpt: 'A first post',
      content: 'Body text',
      category: 'SEO',
      author: 'Ada',
      authorRole: 'Head of SEO',
      tags: ['seo'],
    },
    change: { published: true },
    missing: {
      body: { slug: 'no-title' },
      fields: {
        title: 'Title is required',
        excerpt: 'Excerpt is required',
        content: 'Content is required',
        category: 'Category is required',
        author: 'Author is required',
      },
    },
    unique: { field: 'slug', message: 'This slug is already in use' },
  },
  {
    path: '/api/admin/case-studies',
    valid: {
      slug: 'acme-growth',
      title: 'Acme growth',
      ...CASE_STUDY_FIELDS,
    },
    change: { imageUrl: '/uploads/abc.png', published: true },
    missing: {
      body: { slug: 'no-title' },
      fields: {
        title: 'Title is required',
        client: 'Client is required',
        challenge: 'Challenge is required',
      },
    },
    unique: { field: 'slug', message: 'This slug is already in use' },
  },
  {
    path: '/api/admin/testimonials',
    valid: { content: 'Great team', name: 'Grace', company: 'Navy' },
    change: { rating: 4 },
    missing: { body: { company: 'x' }, fields: { content: 'Quote is required', name: 'Name is required' } },
  },
  {
    path: '/api/admin/resources',
    valid: {
      title: 'SEO checklist',
      description: 'All the steps',
      type: 'checklist',
      fileUrl: '/uploads/a.pdf',
    },
    change: { gated: true },
    missing: {
      body: { type: 'guide' },
      fields: {
        title: 'Title is required',
        description: 'Description is required',
        fileUrl: 'File URL is required',
      },
    },
  },
];

describe('staff content API', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let staff: Staff;
  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_PASSWORD: STAFF_PASSWORD } });
    staff = staffClient(t.app, await signIn(t.app));
  });
  afterAll(() => t.close());

  describe.each(CASES)('$path', (c) => {
    it('creates (a draft unless published is given), lists, updates and deletes (to the trash, then for good)', async () => {
      const created = await staff.post(c.path).send(c.valid).expect(201);
      expect(created.body).toMatchObject({ ...c.valid, published: c.startsPublished ?? false });
      const id = created.body.id as number;
      const list = await staff.get(c.path).expect(200);
      expect(list.body.map((r: { id: number }) => r.id)).toContain(id);
      const updated = await staff
        .put(`${c.path}/${id}`)
        .send({ ...c.valid, ...c.change })
        .expect(200);
      expect(updated.body).toMatchObject({ ...c.valid, ...c.change, id });
      expect((await staff.get(`${c.path}/${id}`).expect(200)).body).toMatchObject(c.change);
      await staff.delete(`${c.path}/${id}`).expect(204);
      await staff.get(`${c.path}/${id}`).expect(404);
      await staff.delete(`${c.path}/${id}`).expect(404);
      await staff.put(`${c.path}/${id}`).send(c.valid).expect(404);
      // A trashed item keeps its slug until it is deleted for good.
      await staff.delete(`/api/admin/trash/${c.path.split('/').pop()!}/${id}`).expect(204);
    });

    it('answers 400 with field messages for missing required fields and refuses unknown keys', async () => {
      const res = await staff.post(c.path).send(c.missing.body).expect(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
      expect(res.body.fields).toMatchObject(c.missing.fields);
      const extra = await staff
        .post(c.path)
        .send({ ...c.valid, id: 999, createdAt: '2000-01-01' })
        .expect(400);
      expect(extra.body.code).toBe('VALIDATION_ERROR');
      await staff.put(`${c.path}/abc`).send(c.valid).expect(400);
    });

    if (c.unique) {
      const { field, message } = c.unique;
      it(`answers 409 '${message}' for a taken ${field}, and 400 for a malformed one`, async () => {
        const first = await staff.post(c.path).send(c.valid).expect(201);
        const dup = await staff.post(c.path).send(c.valid).expect(409);
        expect(dup.body).toMatchObject({ message, code: 'CONFLICT', fields: { [field]: message } });
        const other = await staff
          .post(c.path)
          .send({ ...c.valid, [field]: `${String(c.valid[field])}-2` })
          .expect(201);
        await staff
          .put(`${c.path}/${other.body.id}`)
          .send({ ...c.valid })
          .expect(409);
        const bad = await staff
          .post(c.path)
          .send({ ...c.valid, [field]: 'Not A Slug!' })
          .expect(400);
        expect(bad.body.fields[field]).toBe(
          'Use lowercase letters, digits and single hyphens (e.g. my-page)',
        );
        await staff.delete(`${c.path}/${first.body.id}`).expect(204);
        await staff.delete(`${c.path}/${other.body.id}`).expect(204);
      });
    }
  });

  it('stamps publishedAt when a blog post is first published and keeps it', async () => {
    const post = CASES.find((c) => c.path.endsWith('blog-posts'))!.valid;
    const draft = await staff
      .post('/api/admin/blog-posts')
      .send({ ...post, slug: 'stamp' })
      .expect(201);
    expect(draft.body.publishedAt).toBeNull();
    const live = await staff
      .put(`/api/admin/blog-posts/${draft.body.id}`)
      .send({ ...post, slug: 'stamp', published: true })
      .expect(200);
    expect(live.body.publishedAt).toEqual(expect.any(String));
    const edited = await staff
      .put(`/api/admin/blog-posts/${draft.body.id}`)
      .send({ ...post, slug: 'stamp', title: 'Edited', published: true })
      .expect(200);
    expect(edited.body.publishedAt).toBe(live.body.publishedAt);
  });

  it('refuses script URLs for images and files', async () => {
    const c = CASES.find((x) => x.path.endsWith('case-studies'))!;
    const res = await staff
      .post(c.path)
      .send({ ...c.valid, slug: 'js-url', imageUrl: 'javascript:alert(1)' })
      .expect(400);
    expect(res.body.fields.imageUrl).toMatch(/http\(s\) URL/);
    await staff
      .post('/api/admin/resources')
      .send({ title: 'x', description: 'y', fileUrl: '//evil.example/x.pdf' })
      .expect(400);
  });

  it('content must be a JSON object, not a string or an array', async () => {
    const res = await staff
      .post('/api/admin/pages')
      .send({ name: 'A', slug: 'json-check', title: 'A', content: '# text' })
      .expect(400);
    expect(res.body.fields.content).toBe('Content must be a JSON object');
    await staff
      .post('/api/admin/content-blocks')
      .send({ name: 'A', identifier: 'json-check', content: [1, 2] })
      .expect(400);
  });

  it('a hero block is checked against the hero schema; other types take any object', async () => {
    const res = await staff
      .post('/api/admin/content-blocks')
      .send({
        name: 'Hero',
        identifier: 'hero-check',
        type: 'hero',
        content: {
          title: 'Hi',
          metrics: [{ value: '1', label: 'x', width: 'wide' }],
          // External links are https only (issue 25: an https booking link is allowed).
          primaryCTA: { text: 'Go', href: 'http://x.example' },
        },
      })
      .expect(400);
    expect(res.body.fields).toMatchObject({
      'content.metrics.0.width': 'Use a percentage from 0% to 100%, such as 85%',
      'content.primaryCTA.href': 'Use a site path such as /contact or an https:// link',
    });
    // Links that would leave the site, however they are spelled, are refused too.
    for (const href of ['javascript:alert(1)', '//evil.example', '/\\evil.example', '/\\/evil.example']) {
      const refused = await staff
        .post('/api/admin/content-blocks')
        .send({ name: 'Hero', identifier: 'hero-check', content: { secondaryCTA: { text: 'Go', href } } })
        .expect(400);
      expect(refused.body.fields).toMatchObject({
        'content.secondaryCTA.href': 'Use a site path such as /contact or an https:// link',
      });
    }
    await staff
      .post('/api/admin/content-blocks')
      .send({ name: 'Banner', identifier: 'hero-check', type: 'banner', content: { metrics: 'any' } })
      .expect(201);
  });

  it('a blog body keeps its format: markdown from the CMS, html when a client sends none', async () => {
    const post = {
      title: 'Fmt',
      excerpt: 'E',
      content: '**b**',
      category: 'SEO',
      author: 'A',
      published: true,
    };
    await staff
      .post('/api/admin/blog-posts')
      .send({ ...post, slug: 'fmt-md', contentFormat: 'markdown' })
      .expect(201);
    await staff
      .post('/api/admin/blog-posts')
      .send({ ...post, slug: 'fmt-html' })
      .expect(201);
    const md = await request(t.app).get('/api/blog-posts/fmt-md').expect(200);
    const html = await request(t.app).get('/api/blog-posts/fmt-html').expect(200);
    expect([md.body.contentFormat, html.body.contentFormat]).toEqual(['markdown', 'html']);
    const bad = await staff
      .post('/api/admin/blog-posts')
      .send({ ...post, slug: 'fmt-x', contentFormat: 'rtf' })
      .expect(400);
    expect(bad.body.fields.contentFormat).toBe('Choose markdown or HTML');
  });

  describe('site settings', () => {
    const settings = {
      siteName: 'Distilled Digital',
      contactEmail: 'team@distilled.example',
      contactPhone: '+1 (415) 555-0100',
      socialLinks: {
        linkedin: 'https://linkedin.com/x',
        x: '',
        instagram: '',
        youtube: 'https://youtube.com/@x',
      },
      defaultMetaDescription: 'Growth, distilled.',
    };

    it('answers a list of {key, value} with defaults before anything is saved', async () => {
      const res = await staff.get('/api/admin/site-settings').expect(200);
      expect(res.body.map((e: { key: string }) => e.key)).toEqual([
        'siteName',
        'contactEmail',
        'contactPhone',
        'socialLinks',
        'defaultMetaDescription',
        'leadRetentionMonths',
        'canaryMaxFailuresPerThousand',
        'canaryMinViews',
      ]);
    });

    it('saves them, and the public GET /api/site-settings answers them without a session', async () => {
      await staff.put('/api/admin/site-settings').send(settings).expect(200);
      const admin = await staff.get('/api/admin/site-settings').expect(200);
      expect(admin.body).toContainEqual({ key: 'contactEmail', value: 'team@distilled.example' });
      const pub = await request(t.app).get('/api/site-settings').expect(200);
      // A save that does not name the retention period or the canary's limits (an older CMS) stores the defaults.
      expect(pub.body).toEqual({
        ...settings,
        leadRetentionMonths: 24,
        canaryMaxFailuresPerThousand: 10,
        canaryMinViews: 200,
      });
    });

    it('validates them (e-mail, social URLs, unknown keys)', async () => {
      const res = await staff
        .put('/api/admin/site-settings')
        .send({
          ...settings,
          contactEmail: 'nope',
          socialLinks: { ...settings.socialLinks, x: 'javascript:1' },
        })
        .expect(400);
      expect(res.body.fields).toMatchObject({
        contactEmail: 'Valid email is required',
        'socialLinks.x': 'Use an http(s) URL',
      });
      await staff
        .put('/api/admin/site-settings')
        .send({ ...settings, adminPassword: 'x' })
        .expect(400);
    });
  });
});
