import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminMessages, RESERVED_PAGE_SLUGS } from '@agency/contracts';
import { createTestApp } from '../test-support/test-app';
import { STAFF_PASSWORD, signIn, staffClient } from './admin-test-support';

type Staff = ReturnType<typeof staffClient>;

/** One valid body per staff-edited entity (the same generic router serves them all). */
const ENTITIES: { path: string; body: Record<string, unknown>; edit: Record<string, unknown> }[] = [
  {
    path: '/api/admin/pages',
    body: { name: 'Careers', slug: 'careers', title: 'Careers', content: { body: 'Join us' } },
    edit: { title: 'Careers at Distilled' },
  },
  {
    path: '/api/admin/content-blocks',
    // A block of its own type: a hero (the default type) must have a title and no other fields.
    body: { name: 'Promo', identifier: 'promo', type: 'banner', content: { text: 'Hi' } },
    edit: { name: 'Promo 2' },
  },
  {
    path: '/api/admin/services',
    body: { title: 'Email', slug: 'email', description: 'Campaigns.' },
    edit: { title: 'Email marketing' },
  },
  {
    path: '/api/admin/blog-posts',
    body: {
      slug: 'two-editors',
      title: 'Two editors',
      excerpt: 'First excerpt',
      content: 'Body',
      category: 'SEO',
      author: 'Ada',
    },
    edit: { title: 'Two editors, one post' },
  },
  {
    path: '/api/admin/case-studies',
    body: {
      slug: 'beta',
      title: 'Beta',
      client: 'Beta Inc',
      industry: 'Retail',
      duration: '3 months',
      challenge: 'Slow site',
      solution: 'Faster site',
    },
    edit: { title: 'Beta, faster' },
  },
  {
    path: '/api/admin/testimonials',
    body: { content: 'Great team', name: 'Grace', company: 'Navy' },
    edit: { name: 'Grace H.' },
  },
  {
    path: '/api/admin/resources',
    body: { title: 'Guide', description: 'Steps', fileUrl: '/uploads/a.pdf' },
    edit: { title: 'The guide' },
  },
];

describe('staff writes: ETag and If-Match', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let staff: Staff;
  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_PASSWORD: STAFF_PASSWORD } });
    staff = staffClient(t.app, await signIn(t.app));
  });
  afterAll(() => t.close());

  describe.each(ENTITIES)('$path', ({ path, body, edit }) => {
    it('GET carries an ETag; a stale If-Match gets 412 and changes nothing; a current one saves', async () => {
      const created = await staff.post(path).send(body).expect(201);
      const url = `${path}/${created.body.id}`;
      const opened = await staff.get(url).expect(200);
      const tag = opened.headers.etag as string;
      expect(tag).toMatch(/^"[0-9A-Za-z]+"$/);
      expect(created.headers.etag).toBe(tag);

      // Staff A saves first, with the version both opened.
      const saved = await staff
        .put(url)
        .set('If-Match', tag)
        .send({ ...body, ...edit })
        .expect(200);
      expect(saved.body).toMatchObject(edit);
      const newTag = saved.headers.etag as string;
      expect(newTag).not.toBe(tag);

      // Staff B saves with the version opened before A's save: refused, A's edit kept.
      const stale = await staff.put(url).set('If-Match', tag).send(body).expect(412);
      // It says whose save that was, and when (issue 41, defect 9): the owner's, just now.
      expect(stale.body).toEqual({
        message: AdminMessages.changedSinceOpened,
        code: 'PRECONDITION_FAILED',
        changedBy: 'Owner',
        changedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
      expect(Date.now() - Date.parse(stale.body.changedAt)).toBeLessThan(60_000);
      const after = await staff.get(url).expect(200);
      expect(after.body).toMatchObject(edit);
      expect(after.headers.etag).toBe(newTag);

      const staleDelete = await staff.delete(url).set('If-Match', tag).expect(412);
      expect(staleDelete.body.changedBy).toBe('Owner');
      await staff.get(url).expect(200);
      await staff.delete(url).set('If-Match', newTag).expect(204);
      await staff.get(url).expect(404);
    });
  });

  it('keeps writes without If-Match unconditional, treats * as any version and weak tags as stale', async () => {
    const path = '/api/admin/blog-posts';
    const body = { ...ENTITIES[3]!.body, slug: 'no-precondition' };
    const created = await staff.post(path).send(body).expect(201);
    const url = `${path}/${created.body.id}`;
    const tag = created.headers.etag as string;
    await staff
      .put(url)
      .send({ ...body, excerpt: 'B' })
      .expect(200);
    await staff
      .put(url)
      .send({ ...body, excerpt: 'C' })
      .expect(200);
    await staff
      .put(url)
      .set('If-Match', '*')
      .send({ ...body, excerpt: 'D' })
      .expect(200);
    const current = (await staff.get(url).expect(200)).headers.etag as string;
    await staff
      .put(url)
      .set('If-Match', `W/${current}`)
      .send({ ...body, excerpt: 'E' })
      .expect(412);
    await staff
      .put(url)
      .set('If-Match', `${tag}, ${current}`)
      .send({ ...body, excerpt: 'F' })
      .expect(200);
    expect((await staff.get(url).expect(200)).body.excerpt).toBe('F');
    await staff.delete(url).expect(204);
  });

  it('refuses an invalid body with field errors and leaves the stored row and its ETag as they were', async () => {
    const created = await staff
      .post('/api/admin/pages')
      .send({ name: 'Intact', slug: 'intact', title: 'Intact', content: { body: 'Kept' } })
      .expect(201);
    const url = `/api/admin/pages/${created.body.id}`;
    const tag = created.headers.etag as string;
    const res = await staff
      .put(url)
      .set('If-Match', tag)
      .send({ name: '', slug: 'intact', title: 'Intact', content: '{"body": "broken' })
      .expect(400);
    expect(res.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: { name: 'Page name is required', content: 'Content must be a JSON object' },
    });
    const after = await staff.get(url).expect(200);
    expect(after.body).toMatchObject({ name: 'Intact', content: { body: 'Kept' } });
    expect(after.headers.etag).toBe(tag);
  });
});

describe('page slugs', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let staff: Staff;
  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_PASSWORD: STAFF_PASSWORD } });
    staff = staffClient(t.app, await signIn(t.app));
  });
  afterAll(() => t.close());

  const page = (slug: string) => ({ name: slug, slug, title: slug, content: { body: 'x' } });

  it.each(['about', 'services', 'blog', 'case-studies', 'resources', 'contact', 'cms', 'api', 'uploads'])(
    'refuses the site route /%s with 400 and a slug message',
    async (slug) => {
      expect(RESERVED_PAGE_SLUGS).toContain(slug);
      const res = await staff.post('/api/admin/pages').send(page(slug)).expect(400);
      expect(res.body).toMatchObject({
        code: 'VALIDATION_ERROR',
        fields: { slug: AdminMessages.reservedSlug },
      });
    },
  );

  it('refuses renaming a page onto a site route, and keeps the stored slug', async () => {
    const created = await staff.post('/api/admin/pages').send(page('privacy')).expect(201);
    const res = await staff.put(`/api/admin/pages/${created.body.id}`).send(page('about')).expect(400);
    expect(res.body.message).toBe(AdminMessages.reservedSlug);
    expect((await staff.get(`/api/admin/pages/${created.body.id}`).expect(200)).body.slug).toBe('privacy');
  });

  it('keeps slugs unique per type: a second page is refused, a blog post may share it', async () => {
    await staff.post('/api/admin/pages').send(page('pricing')).expect(201);
    const dup = await staff.post('/api/admin/pages').send(page('pricing')).expect(409);
    expect(dup.body.fields).toEqual({ slug: AdminMessages.slugTaken });
    await staff
      .post('/api/admin/blog-posts')
      .send({ ...ENTITIES[3]!.body, slug: 'pricing' })
      .expect(201);
  });
});
