import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test-support/test-app';
import { STAFF_PASSWORD, signIn, staffClient } from './admin-test-support';
import { internalLinksIn } from './body-links';

/**
 * Issue 41 defect 8: links inside post and page bodies to pages that do not exist were accepted
 * silently (the hero refuses the same mistake). A save now names them; it still saves (the page
 * linked to may be published next).
 */
describe('internal links in bodies, checked on save', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let staff: ReturnType<typeof staffClient>;
  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_PASSWORD: STAFF_PASSWORD }, seed: true });
    staff = staffClient(t.app, await signIn(t.app));
  });
  afterAll(() => t.close());

  const post = (slug: string, content: string, contentFormat = 'html') => ({
    slug,
    title: `Links ${slug}`,
    excerpt: 'Links',
    content,
    contentFormat,
    category: 'SEO',
    author: 'Staff',
    tags: [],
    published: true,
  });

  it('reads the addresses of HTML and markdown links, not images, uploads or other hosts', () => {
    expect(
      internalLinksIn(
        '<a href="/services/seo">a</a> [b](/blog/nope "t") ![c](/uploads/x.png) <a href="//evil.example/x">d</a> <a href="https://x.example/">e</a> [f](/contact?form=contact#top)',
      ),
    ).toEqual(['/services/seo', '/blog/nope', '/contact?form=contact#top']);
  });

  it('a post linking to a missing post and a missing service is saved, and its answer names both', async () => {
    const body = post(
      'links-dead',
      '<p><a href="/blog/no-such-post">x</a> <a href="/services/no-such-service">y</a> <a href="/services/seo">ok</a> <a href="/about">ok</a></p>',
    );
    const created = await staff.post('/api/admin/blog-posts').send(body).expect(201);
    expect(created.body.deadLinks).toEqual(['/blog/no-such-post', '/services/no-such-service']);
    await request(t.app).get('/api/blog-posts/links-dead').expect(200);

    const fixed = await staff
      .put(`/api/admin/blog-posts/${created.body.id}`)
      .send({ ...body, content: '<p><a href="/blog/links-dead">itself</a></p>' })
      .expect(200);
    expect(fixed.body).not.toHaveProperty('deadLinks');

    // Restoring the first version brings its dead links back, and the answer says so again.
    const revisions = (await staff.get(`/api/admin/blog-posts/${created.body.id}/revisions`).expect(200))
      .body as { id: number }[];
    const first = revisions.at(-1)!;
    const restored = await staff
      .post(`/api/admin/blog-posts/${created.body.id}/revisions/${first.id}/restore`)
      .send({})
      .expect(200);
    expect(restored.body.deadLinks).toEqual(['/blog/no-such-post', '/services/no-such-service']);
  });

  it('a CMS page in markdown names its dead link too; a draft post is no page for visitors', async () => {
    const draft = await staff
      .post('/api/admin/blog-posts')
      .send({ ...post('links-draft', 'Draft'), published: false })
      .expect(201);
    expect(draft.body).not.toHaveProperty('deadLinks');
    const page = await staff
      .post('/api/admin/pages')
      .send({
        name: 'Links page',
        slug: 'links-page',
        title: 'Links page',
        metaDescription: 'Links',
        content: { body: 'See [the draft](/blog/links-draft) and [us](/about).' },
        published: true,
      })
      .expect(201);
    expect(page.body.deadLinks).toEqual(['/blog/links-draft']);
  });
});
