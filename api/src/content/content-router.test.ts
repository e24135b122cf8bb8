import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  blogPostListSchema,
  caseStudyListSchema,
  caseStudySchema,
  publicPageSchema,
} from '@agency/contracts';
import { createTestApp } from '../test-support/test-app';
import { blogPosts, caseStudies, pages } from '../db/schema';
import { SEED_BLOG_POSTS, SEED_CASE_STUDIES } from './content-seed-data';
import { seedContent } from './content-seed';
import { STAFF_PASSWORD, signIn } from '../admin/admin-test-support';

/** Staff preview uses a real session: signed in through the real auth route. */
const staff = { signedIn: false };
let staffCookie = '';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ seed: true, env: { ADMIN_PASSWORD: STAFF_PASSWORD } });
  staffCookie = await signIn(t.app);
});

/** A visitor's request, or a signed-in staff member's while `staff.signedIn` is set. */
const api = () => {
  const agent = request(t.app);
  if (!staff.signedIn) return agent;
  return { get: (url: string) => agent.get(url).set('Cookie', staffCookie) } as unknown as typeof agent;
};
afterAll(() => t.close());
beforeEach(() => {
  staff.signedIn = false;
});

const publishedStudies = SEED_CASE_STUDIES.filter((s) => s.published);
const draftStudy = SEED_CASE_STUDIES.find((s) => !s.published)!;
const publishedPosts = SEED_BLOG_POSTS.filter((p) => p.published);
const draftPost = SEED_BLOG_POSTS.find((p) => !p.published)!;

describe('GET /api/case-studies', () => {
  it('lists only published case studies in the contract shape', async () => {
    const res = await api().get('/api/case-studies?published=true').expect(200);
    const list = caseStudyListSchema.parse(res.body);
    expect(list.map((s) => s.slug).sort()).toEqual(publishedStudies.map((s) => s.slug).sort());
    expect(list.every((s) => s.published)).toBe(true);
    expect(list.some((s) => s.results.length > 3 && s.services.length > 3)).toBe(true);
    expect(list[0]!.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it('refuses unknown parameters and values with 400', async () => {
    for (const qs of ['published=false', 'published=1', 'limit=5', 'published=true&published=true']) {
      const res = await api().get(`/api/case-studies?${qs}`).expect(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
    }
  });

  it('keeps drafts from visitors even without the published filter', async () => {
    const res = await api().get('/api/case-studies').expect(200);
    expect(res.body.map((s: { slug: string }) => s.slug)).not.toContain(draftStudy.slug);
  });

  it('sends an ETag and answers 304 to a matching If-None-Match', async () => {
    const first = await api().get('/api/case-studies?published=true').expect(200);
    const etag = first.headers['etag'];
    expect(etag).toBeTruthy();
    const second = await api()
      .get('/api/case-studies?published=true')
      .set('If-None-Match', etag!)
      .expect(304);
    expect(second.text).toBe('');
  });
});

describe('GET /api/case-studies/:slug', () => {
  it('answers one published case study', async () => {
    const res = await api().get(`/api/case-studies/${publishedStudies[0]!.slug}`).expect(200);
    expect(caseStudySchema.parse(res.body)).toMatchObject({
      slug: publishedStudies[0]!.slug,
      title: publishedStudies[0]!.title,
      client: publishedStudies[0]!.client,
    });
  });

  it('answers 404 JSON for drafts and unknown slugs', async () => {
    for (const slug of [draftStudy.slug, 'no-such-study']) {
      const res = await api().get(`/api/case-studies/${slug}`).expect(404);
      expect(res.body).toEqual({ message: expect.any(String), code: 'NOT_FOUND' });
    }
  });

  it('shows drafts to signed-in staff only', async () => {
    staff.signedIn = true;
    await api().get(`/api/case-studies/${draftStudy.slug}`).expect(200);
    const list = await api().get('/api/case-studies').expect(200);
    expect(list.body.map((s: { slug: string }) => s.slug)).toContain(draftStudy.slug);
    const published = await api().get('/api/case-studies?published=true').expect(200);
    expect(published.body.map((s: { slug: string }) => s.slug)).not.toContain(draftStudy.slug);
  });

  it('never answers 500 to hostile slugs', async () => {
    for (const slug of ["x'%20or%201=1--", '..%2F..%2Fetc%2Fpasswd', 'UPPER', '%00', 'a'.repeat(300)]) {
      const res = await api().get(`/api/case-studies/${slug}`);
      expect([400, 404]).toContain(res.status);
    }
  });
});

describe('GET /api/blog-posts', () => {
  it('lists published posts newest first by publishedAt, undated posts last by createdAt', async () => {
    const res = await api().get('/api/blog-posts?published=true').expect(200);
    const list = blogPostListSchema.parse(res.body);
    expect(list).toHaveLength(publishedPosts.length);
    expect(list.map((p) => p.slug)).not.toContain(draftPost.slug);
    const dated = list.filter((p) => p.publishedAt).map((p) => p.publishedAt!);
    expect(dated).toEqual([...dated].sort().reverse());
    expect(list.at(-1)!.publishedAt).toBeNull();
    expect(list.at(-1)!.createdAt).toBeTruthy();
    expect(list.some((p) => p.excerpt.length > 120)).toBe(true);
    expect(new Set(list.map((p) => p.category))).toEqual(
      new Set(['SEO', 'Paid Media', 'Analytics', 'Strategy', 'Industry Insights']),
    );
    // The role under each seeded author's name comes from the post (spec-era sites showed this one).
    expect(new Set(list.map((p) => p.authorRole))).toEqual(new Set(['Senior Strategist']));
  });

  it('orders by createdAt when publishedAt ties', async () => {
    const { app, db, close } = await createTestApp();
    try {
      await db.insert(blogPosts).values([
        {
          ...SEED_BLOG_POSTS[0]!,
          slug: 'older',
          createdAt: '2025-01-01T00:00:00Z',
          publishedAt: '2025-02-01T00:00:00Z',
        },
        {
          ...SEED_BLOG_POSTS[0]!,
          slug: 'newer',
          createdAt: '2025-01-05T00:00:00Z',
          publishedAt: '2025-02-01T00:00:00Z',
        },
      ]);
      const res = await request(app).get('/api/blog-posts?published=true').expect(200);
      expect(res.body.map((p: { slug: string }) => p.slug)).toEqual(['newer', 'older']);
    } finally {
      await close();
    }
  });

  it('refuses unknown query parameters', async () => {
    await api().get('/api/blog-posts?category=SEO').expect(400);
  });
});

describe('GET /api/blog-posts/:slug', () => {
  it('answers a published post and 404 for a draft', async () => {
    const res = await api().get(`/api/blog-posts/${publishedPosts[0]!.slug}`).expect(200);
    expect(res.body).toMatchObject({ title: publishedPosts[0]!.title, tags: publishedPosts[0]!.tags });
    const draft = await api().get(`/api/blog-posts/${draftPost.slug}`).expect(404);
    expect(draft.body.code).toBe('NOT_FOUND');
    staff.signedIn = true;
    await api().get(`/api/blog-posts/${draftPost.slug}`).expect(200);
  });
});

describe('GET /api/pages/:slug', () => {
  it('answers the published privacy page with its markdown body and no internal fields', async () => {
    const res = await api().get('/api/pages/privacy').expect(200);
    const page = publicPageSchema.parse(res.body);
    expect(page).toMatchObject({ slug: 'privacy', title: 'Privacy Policy', template: 'default' });
    expect(page.content['body']).toMatch(/## Your rights/);
    expect(res.body).not.toHaveProperty('published');
    expect(res.body).not.toHaveProperty('createdAt');
  });

  it('answers 404 for unpublished and unknown pages, and drafts to staff', async () => {
    await api().get('/api/pages/careers').expect(404);
    await api().get('/api/pages/nothing-here').expect(404);
    await api().get('/api/pages/..%2Fadmin').expect(404);
    staff.signedIn = true;
    // A draft says so (its head is noindex); a live page's answer has no such field.
    expect((await api().get('/api/pages/careers').expect(200)).body).toMatchObject({ published: false });
  });

  it('turns non-object content into an empty object', async () => {
    await t.db.insert(pages).values({
      name: 'Odd',
      slug: 'odd-content',
      title: 'Odd',
      content: ['not', 'an', 'object'],
      published: true,
    });
    const res = await api().get('/api/pages/odd-content').expect(200);
    expect(res.body.content).toEqual({});
  });
});

describe('images and seed', () => {
  it('serves seeded case-study images from the library, shipped ones too, and 404 JSON for missing ones', async () => {
    const study = await api().get(`/api/case-studies/${publishedStudies[0]!.slug}`).expect(200);
    const url = study.body.imageUrl as string;
    expect(url).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);
    const res = await api().get(url).expect(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const shipped = await api().get('/api/files/images/saas-cost-per-lead.svg').expect(200);
    expect(shipped.headers['content-type']).toMatch(/image\/svg\+xml/);
    const missing = await api().get('/api/files/images/nope.svg').expect(404);
    expect(missing.body.code).toBe('NOT_FOUND');
    await api().get('/api/files/images/..%2F..%2Fsrc%2Fenv.ts').expect(404);
  });

  it('is idempotent: seeding again adds nothing', async () => {
    const before = (await t.db.select().from(caseStudies)).length;
    await seedContent(t.db);
    expect((await t.db.select().from(caseStudies)).length).toBe(before);
  });

  it('an empty database answers empty lists', async () => {
    const { app, close } = await createTestApp();
    try {
      for (const path of ['/api/case-studies', '/api/blog-posts', '/api/resources']) {
        const res = await request(app).get(`${path}?published=true`).expect(200);
        expect(res.body).toEqual([]);
      }
    } finally {
      await close();
    }
  });
});
