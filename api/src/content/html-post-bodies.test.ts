import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp } from '../test-support/test-app';
import { blogPosts } from '../db/schema';
import { SEED_BLOG_POSTS } from './content-seed-data';
import { convertHtmlPostBodies, htmlBodyToMarkdown } from './html-post-bodies';

/** Issue 25 item 4: one format for post bodies; the stored HTML posts become markdown once. */

describe('post bodies stored as HTML become markdown once', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
  });
  afterAll(() => t.close());

  it('every seeded post is stored as markdown, with no HTML left in it', async () => {
    const rows = await t.db.select().from(blogPosts);
    expect(rows.length).toBe(SEED_BLOG_POSTS.length);
    for (const row of rows) {
      expect(row.contentFormat, row.slug).toBe('markdown');
      expect(row.content, row.slug).not.toMatch(/<\/?[a-z][^>]*>/i);
    }
  });

  it('the API answers the converted body as markdown, with headings, emphasis and links kept', async () => {
    const post = (await request(t.app).get('/api/blog-posts/core-web-vitals-what-moves-rankings').expect(200))
      .body as { content: string; contentFormat: string };
    expect(post.contentFormat).toBe('markdown');
    expect(post.content).toContain('## Measure real users, not lab runs');
    expect(post.content).toContain('**real-user monitoring**');
    expect(post.content).toContain('[Technical SEO Field Guide](/resources)');
    // What the live page shows of it (headings, emphasis, no marks): e2e/tests/post-bodies.spec.ts,
    // which needs the built pages.
  });

  it('a post an API client sends as HTML is converted at the next start, once; markdown is left alone', async () => {
    const [html] = await t.db
      .insert(blogPosts)
      .values({
        slug: 'from-api',
        title: 'From the API',
        excerpt: 'x',
        content: 'First line\nsecond line\n\n<h2>Plan</h2>\nDo <em>this</em>.',
        contentFormat: 'html',
        category: 'SEO',
        author: 'Ada',
        published: true,
      })
      .returning();
    expect(await convertHtmlPostBodies(t.db)).toBe(1);
    expect(await convertHtmlPostBodies(t.db)).toBe(0);
    const [row] = await t.db.select().from(blogPosts).where(eq(blogPosts.id, html!.id));
    expect(row).toMatchObject({
      contentFormat: 'markdown',
      content: 'First line  \nsecond line\n\n## Plan\n\nDo _this_.',
    });
  });

  it('keeps line breaks as breaks and blank lines as paragraphs, as the HTML format rendered them', () => {
    expect(htmlBodyToMarkdown('One\nTwo\n\nThree')).toBe('One  \nTwo\n\nThree');
    expect(htmlBodyToMarkdown('<ul><li>A</li><li>B</li></ul>')).toMatch(/^-\s+A\n-\s+B$/);
  });
});
