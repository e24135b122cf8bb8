import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test-support/test-app';
import { STAFF_PASSWORD, signIn } from '../../admin/admin-test-support';
import { eq } from 'drizzle-orm';
import { blogPosts, caseStudies, pages, resources, services } from '../../db/schema';

const SHELL_HTML = `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Generic</title>
<meta name="description" content="generic" /></head><body><div id="root"></div></body></html>`;

function siteRoot() {
  const root = mkdtempSync(path.join(tmpdir(), 'seo-site-'));
  mkdirSync(path.join(root, 'shell', 'dist'), { recursive: true });
  writeFileSync(path.join(root, 'shell', 'dist', 'index.html'), SHELL_HTML);
  return root;
}

/** robots.txt's rules for every crawler (`User-agent: *`), in order. */
function robotsRules(text: string) {
  return text
    .split('\n')
    .map((l) => /^(Allow|Disallow):\s*(\S*)/i.exec(l.trim()))
    .filter((m) => m !== null)
    .map((m) => ({ allow: m[1]!.toLowerCase() === 'allow', pattern: m[2]! }));
}

/** RFC 9309 matching: `*` any run, a final `$` the end; the longest match wins, Allow on a tie. */
function robotsAllows(rules: ReturnType<typeof robotsRules>, path: string) {
  let best: { allow: boolean; length: number } | undefined;
  for (const rule of rules) {
    if (!rule.pattern) continue;
    const anchored = rule.pattern.endsWith('$');
    const body = (anchored ? rule.pattern.slice(0, -1) : rule.pattern)
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*');
    if (!new RegExp(`^${body}${anchored ? '$' : ''}`).test(path)) continue;
    const length = rule.pattern.length;
    if (!best || length > best.length || (length === best.length && rule.allow))
      best = { allow: rule.allow, length };
  }
  return best ? best.allow : true;
}

const head = (html: string) => new JSDOM(html).window.document;
const jsonLd = (doc: Document) =>
  [...doc.querySelectorAll('script[type="application/ld+json"]')].map((s) =>
    JSON.parse(s.textContent ?? '{}'),
  );

describe('route-specific head, statuses and discovery files', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        SITE_ROOT: siteRoot(),
        PUBLIC_URL: 'https://www.example-agency.com',
        ADMIN_PASSWORD: STAFF_PASSWORD,
      },
    });
    await t.db.insert(blogPosts).values([
      {
        slug: 'measure-what-matters',
        title: 'Measure What Matters </script><script>alert(1)</script>',
        excerpt: 'A practical guide to marketing measurement.',
        content:
          'First paragraph about <strong>measurement</strong>.\nSecond line <img src=x onerror=alert(1)><script>alert(2)</script> <a href="javascript:alert(3)">bad</a> <a href="https://example.com/guide">good</a>',
        category: 'Analytics',
        author: 'Maya Chen',
        tags: ['analytics', 'ga4'],
        published: true,
        publishedAt: '2025-01-05T10:00:00Z',
      },
      {
        slug: 'secret-draft',
        title: 'Secret draft',
        excerpt: 'Not yet',
        content: 'Draft',
        category: 'SEO',
        author: 'Sam',
        published: false,
      },
      {
        slug: 'paid-vs-organic',
        title: 'Q&A: <b>Paid</b> & organic > guesswork ]]> twice ]]> done',
        excerpt: 'Budgets < results & "proof".',
        content: 'x',
        category: 'Paid & Social',
        author: 'Lee <Ops>',
        published: true,
        publishedAt: '2024-06-01T09:00:00Z',
      },
      ...Array.from({ length: 22 }, (_, i) => ({
        slug: `bulk-post-${i}`,
        title: `Bulk post ${i}`,
        excerpt: `Excerpt ${i}`,
        content: 'x',
        category: 'SEO',
        author: 'Bot',
        published: true,
        publishedAt: new Date(Date.UTC(2024, 0, 1 + i)).toISOString(),
      })),
    ]);
    await t.db.insert(caseStudies).values({
      slug: 'retailer-growth',
      title: 'Retailer triples organic revenue',
      client: 'Northwind Outfitters',
      industry: 'Retail',
      duration: '6 months',
      challenge: 'Organic traffic had stalled for two years.',
      solution: 'Technical SEO and content.',
      imageUrl: '/api/files/images/retail.svg',
      published: true,
    });
    await t.db.insert(services).values([
      { slug: 'seo', title: 'SEO & Content', description: 'Rankings that turn into revenue.' },
      { slug: 'web-design', title: 'Web Design', description: 'Sites that convert.' },
    ]);
    await t.db.insert(pages).values([
      {
        name: 'Privacy',
        slug: 'privacy',
        title: 'Privacy Policy',
        metaTitle: 'Privacy Policy',
        metaDescription: 'How we handle your data.',
        published: true,
      },
      { name: 'Hidden', slug: 'hidden-page', title: 'Hidden', published: false },
    ]);
  });
  afterAll(() => t.close());

  it('a blog post has its own title, description, canonical, Open Graph, Twitter and BlogPosting + BreadcrumbList', async () => {
    const res = await request(t.app).get('/blog/measure-what-matters').expect(200);
    const doc = head(res.text);
    expect(doc.title).toBe('Measure What Matters </script><script>alert(1)</script> | Distilled Digital');
    expect(doc.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
      'A practical guide to marketing measurement.',
    );
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      'https://www.example-agency.com/blog/measure-what-matters',
    );
    expect(doc.querySelector('meta[property="og:type"]')?.getAttribute('content')).toBe('article');
    expect(doc.querySelector('meta[name="twitter:card"]')?.getAttribute('content')).toBe(
      'summary_large_image',
    );
    const ld = jsonLd(doc);
    expect(ld.map((j) => j['@type'])).toEqual(['Organization', 'BlogPosting', 'BreadcrumbList']);
    expect(ld[1]).toMatchObject({ author: { name: 'Maya Chen' }, datePublished: '2025-01-05T10:00:00.000Z' });
    // What Google's rich results ask of a BlogPosting: an image, the last change, and an author with a page.
    const [row] = await t.db.select().from(blogPosts).where(eq(blogPosts.slug, 'measure-what-matters'));
    expect(ld[1]).toMatchObject({
      image: {
        '@type': 'ImageObject',
        url: doc.querySelector('meta[property="og:image"]')?.getAttribute('content'),
        width: 1200,
        height: 630,
      },
      dateModified: new Date(row!.updatedAt).toISOString(),
      author: { '@type': 'Person', name: 'Maya Chen', url: 'https://www.example-agency.com/about' },
    });
    expect((ld[1] as { image: { url: string } }).image.url).toMatch(
      /^https:\/\/www\.example-agency\.com\/api\/social-card\.png\?path=%2Fblog%2Fmeasure-what-matters&v=[0-9a-f]{16}$/,
    );
    // The author's page exists.
    await request(t.app).get('/about').expect(200);
    // The trail names the pages as the header does (the route registry's labels).
    expect((ld[2] as { itemListElement: { name: string; item: string }[] }).itemListElement).toEqual([
      expect.objectContaining({ name: 'Home', item: 'https://www.example-agency.com/' }),
      expect.objectContaining({ name: 'Blog', item: 'https://www.example-agency.com/blog' }),
      expect.objectContaining({ item: 'https://www.example-agency.com/blog/measure-what-matters' }),
    ]);
    // Stored text cannot break out of the JSON-LD script element.
    expect(res.text).not.toContain('<script>alert(1)</script>');
    expect(doc.querySelectorAll('script:not([type])')).toHaveLength(0);
  });

  it('a service page has Service JSON-LD; an unknown service is a 404', async () => {
    const res = await request(t.app).get('/services/seo').expect(200);
    const ld = jsonLd(head(res.text));
    expect(ld.find((j) => j['@type'] === 'Service')).toMatchObject({ name: expect.any(String) });
    const missing = await request(t.app).get('/services/not-a-service').expect(404);
    expect(head(missing.text).querySelector('meta[name="robots"]')?.getAttribute('content')).toContain(
      'noindex',
    );
  });

  it('a case study has Article JSON-LD with its image, and its social card as og:image', async () => {
    const res = await request(t.app).get('/case-studies/retailer-growth').expect(200);
    const doc = head(res.text);
    expect(doc.title).toBe('Retailer triples organic revenue | Distilled Digital');
    expect(doc.querySelector('meta[property="og:image"]')?.getAttribute('content')).toMatch(
      /^https:\/\/www\.example-agency\.com\/api\/social-card\.png\?path=%2Fcase-studies%2Fretailer-growth&v=/,
    );
    // Its image is the page's largest element: preloaded from the head, before any script.
    expect(doc.querySelector('link[rel="preload"][as="image"]')?.getAttribute('href')).toBe(
      '/api/files/images/retail.svg',
    );
    expect(jsonLd(doc).find((j) => j['@type'] === 'Article')).toMatchObject({
      headline: 'Retailer triples organic revenue',
      image: 'https://www.example-agency.com/api/files/images/retail.svg',
      // An author a validator can follow: the agency, at its address.
      author: { '@type': 'Organization', name: 'Distilled Digital', url: 'https://www.example-agency.com' },
    });
  });

  it('a CMS page uses its meta title (as staff wrote it) and description', async () => {
    const doc = head((await request(t.app).get('/privacy').expect(200)).text);
    expect(doc.title).toBe('Privacy Policy');
    expect(doc.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
      'How we handle your data.',
    );
  });

  it('answers 404 for unknown routes and for unknown or unpublished slugs', async () => {
    // A missing item's title is the words of the heading its page shows, in the tab and in the
    // og/twitter title; a missing page has no canonical.
    for (const [heading, paths] of [
      ['Page Not Found', ['/nope/nope', '/hidden-page', '/missing-page']],
      ['Article Not Found', ['/blog/secret-draft', '/blog/missing', '/blog/not_a_slug']],
      ['Case Study Not Found', ['/case-studies/missing', '/case-studies/not_a_slug']],
      ['Service Not Found', ['/services/missing', '/services/not_a_slug']],
      ['Resource Not Found', ['/resources/999999/access', '/resources/abc/access']],
    ] as const) {
      for (const p of paths) {
        const res = await request(t.app).get(p);
        expect(res.status, p).toBe(404);
        const doc = head(res.text);
        expect(doc.title, p).toBe(`${heading} | Distilled Digital`);
        expect(doc.querySelector('meta[property="og:title"]')?.getAttribute('content'), p).toBe(heading);
        expect(doc.querySelector('meta[name="twitter:title"]')?.getAttribute('content'), p).toBe(heading);
        expect(doc.querySelector('link[rel="canonical"]'), p).toBeNull();
        // Client-side navigation asks the same resolver.
        const meta = await request(t.app).get('/api/page-meta').query({ path: p }).expect(200);
        expect(meta.body, p).toMatchObject({ status: 404, title: `${heading} | Distilled Digital` });
      }
    }
    await request(t.app).get('/').expect(200);
    await request(t.app).get('/contact').expect(200);
  });

  it("a resource's access page is 404 for an unknown, unpublished or malformed id, 200 for a visible one", async () => {
    const [shown] = await t.db
      .insert(resources)
      .values({ title: 'Shown', description: 'd', gated: true, fileUrl: '/uploads/a.pdf' })
      .returning();
    const [hidden] = await t.db
      .insert(resources)
      .values({ title: 'Hidden', description: 'd', gated: true, fileUrl: '/uploads/b.pdf', published: false })
      .returning();
    const access = head((await request(t.app).get(`/resources/${shown!.id}/access`).expect(200)).text);
    // Kept out of the index, so it names no canonical address either (as /cms).
    expect(access.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex, nofollow');
    expect(access.querySelector('link[rel="canonical"]')).toBeNull();
    const cms = head((await request(t.app).get('/cms').expect(200)).text);
    expect(cms.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex, nofollow');
    expect(cms.querySelector('link[rel="canonical"]')).toBeNull();
    for (const p of [
      `/resources/${hidden!.id}/access`,
      '/resources/999999/access',
      '/resources/abc/access',
    ]) {
      const res = await request(t.app).get(p);
      expect(res.status, p).toBe(404);
    }
    // Staff preview a draft resource's access page, as they preview every other draft page.
    const cookie = await signIn(t.app);
    await request(t.app).get(`/resources/${hidden!.id}/access`).set('Cookie', cookie).expect(200);
  });

  it('robots.txt disallows /cms and /api and names the sitemap', async () => {
    const res = await request(t.app).get('/robots.txt').expect(200);
    expect(res.text).toContain('Disallow: /api/');
    expect(res.text).toContain('Sitemap: https://www.example-agency.com/sitemap.xml');
    // Read as Google and RFC 9309 read it: the longest matching rule wins, Allow on a tie.
    const rules = robotsRules(res.text);
    expect(robotsAllows(rules, '/cms')).toBe(false);
    expect(robotsAllows(rules, '/cms/leads')).toBe(false);
    expect(robotsAllows(rules, '/cms/')).toBe(false);
    expect(robotsAllows(rules, '/cms-guide')).toBe(true);
    expect(robotsAllows(rules, '/cmsx')).toBe(true);
    expect(robotsAllows(rules, '/blog/measure-what-matters')).toBe(true);
    expect(robotsAllows(rules, '/api/blog-posts')).toBe(false);
    // Social sites' crawlers may fetch the cards the pages name.
    expect(robotsAllows(rules, '/api/social-card.png?path=%2F&v=0123456789abcdef')).toBe(true);
  });

  it('every public page names a 1200×630 social card (og:image, its size and alt) and a large Twitter card', async () => {
    for (const p of [
      '/',
      '/about',
      '/services',
      '/services/seo',
      '/case-studies',
      '/case-studies/retailer-growth',
      '/blog',
      '/blog/measure-what-matters',
      '/resources',
      '/contact',
      '/privacy',
    ]) {
      const doc = head((await request(t.app).get(p).expect(200)).text);
      const meta = (sel: string) => doc.querySelector(sel)?.getAttribute('content');
      const image = meta('meta[property="og:image"]');
      expect(image, p).toBe(
        `https://www.example-agency.com/api/social-card.png?path=${encodeURIComponent(p)}&v=${/v=([0-9a-f]{16})$/.exec(image ?? '')?.[1]}`,
      );
      expect(meta('meta[name="twitter:image"]'), p).toBe(image);
      expect(meta('meta[property="og:image:width"]'), p).toBe('1200');
      expect(meta('meta[property="og:image:height"]'), p).toBe('630');
      expect(meta('meta[property="og:image:alt"]'), p).toContain('Distilled Digital');
      expect(meta('meta[name="twitter:card"]'), p).toBe('summary_large_image');
    }
  });

  it('the 404 page has no canonical link (it has no address of its own) and no card', async () => {
    const doc = head((await request(t.app).get('/no/such/page').expect(404)).text);
    expect(doc.querySelector('link[rel="canonical"]')).toBeNull();
    expect(doc.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex, nofollow');
    expect(doc.querySelector('meta[property="og:image"]')).toBeNull();
    // Nor an og:url naming the missing address.
    expect(doc.querySelector('meta[property="og:url"]')).toBeNull();
    const missingPost = head((await request(t.app).get('/blog/missing').expect(404)).text);
    expect(missingPost.querySelector('link[rel="canonical"]')).toBeNull();
    const found = head((await request(t.app).get('/blog').expect(200)).text);
    expect(found.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      'https://www.example-agency.com/blog',
    );
  });

  it('sitemap.xml is well-formed and lists every public URL with lastmod, and no drafts', async () => {
    const res = await request(t.app).get('/sitemap.xml').expect(200);
    expect(res.headers['content-type']).toContain('application/xml');
    const doc = new JSDOM(res.text, { contentType: 'application/xml' }).window.document;
    const locs = [...doc.getElementsByTagName('loc')].map((l) => l.textContent);
    expect(locs).toContain('https://www.example-agency.com/');
    expect(locs).toContain('https://www.example-agency.com/services/web-design');
    expect(locs).toContain('https://www.example-agency.com/blog/measure-what-matters');
    expect(locs).toContain('https://www.example-agency.com/case-studies/retailer-growth');
    expect(locs).toContain('https://www.example-agency.com/privacy');
    expect(locs).not.toContain('https://www.example-agency.com/blog/secret-draft');
    expect(locs).not.toContain('https://www.example-agency.com/hidden-page');
    const lastmods = [...doc.getElementsByTagName('lastmod')].map((l) => l.textContent ?? '');
    expect(lastmods).toHaveLength(locs.length);
    expect(lastmods.every((d) => /^\d{4}-\d{2}-\d{2}$/.test(d))).toBe(true);
  });

  it("a listing page's lastmod is its items' newest change; other fixed pages take the site's newest", async () => {
    // Every case study last changed on one old day: /case-studies says that day, /about does not.
    await t.db.update(caseStudies).set({ updatedAt: '2021-03-04T10:00:00Z' });
    const res = await request(t.app).get('/sitemap.xml').expect(200);
    const doc = new JSDOM(res.text, { contentType: 'application/xml' }).window.document;
    const lastmod = (path: string) =>
      [...doc.getElementsByTagName('url')]
        .find(
          (u) => u.getElementsByTagName('loc')[0]?.textContent === `https://www.example-agency.com${path}`,
        )
        ?.getElementsByTagName('lastmod')[0]?.textContent;
    expect(lastmod('/case-studies')).toBe('2021-03-04');
    expect(lastmod('/case-studies/retailer-growth')).toBe('2021-03-04');
    expect(lastmod('/about')).not.toBe('2021-03-04');
    expect(lastmod('/about')! > '2021-03-04').toBe(true);
  });

  it('blog/rss.xml is RSS 2.0 with the newest 20 published posts, newest first', async () => {
    const res = await request(t.app).get('/blog/rss.xml').expect(200);
    const doc = new JSDOM(res.text, { contentType: 'application/xml' }).window.document;
    expect(doc.documentElement.getAttribute('version')).toBe('2.0');
    const items = [...doc.getElementsByTagName('item')];
    expect(items).toHaveLength(20);
    const text = (item: Element | undefined, tag: string) => item?.getElementsByTagName(tag)[0]?.textContent;
    // Newest published first: the 2025 post, the June 2024 one, then the January 2024 posts backwards.
    expect(items.map((i) => text(i, 'link'))).toEqual([
      'https://www.example-agency.com/blog/measure-what-matters',
      'https://www.example-agency.com/blog/paid-vs-organic',
      ...Array.from({ length: 18 }, (_, i) => `https://www.example-agency.com/blog/bulk-post-${21 - i}`),
    ]);
    const dates = items.map((i) => Date.parse(text(i, 'pubDate') ?? ''));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect(res.text).not.toContain('secret-draft');
  });

  it('the feed escapes & < > in stored text, so the XML stays well-formed and reads back as written', async () => {
    const res = await request(t.app).get('/blog/rss.xml').expect(200);
    const doc = new JSDOM(res.text, { contentType: 'application/xml' }).window.document;
    expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
    const item = [...doc.getElementsByTagName('item')][1];
    const text = (tag: string) => item?.getElementsByTagName(tag)[0]?.textContent;
    expect(text('title')).toBe('Q&A: <b>Paid</b> & organic > guesswork ]]> twice ]]> done');
    expect(text('description')).toBe('Budgets < results & "proof".');
    expect(text('category')).toBe('Paid & Social');
    expect(item?.getElementsByTagNameNS('http://purl.org/dc/elements/1.1/', 'creator')[0]?.textContent).toBe(
      'Lee <Ops>',
    );
    expect(item?.getElementsByTagName('b')).toHaveLength(0);
    expect(res.text).toContain(
      '<title>Q&amp;A: &lt;b&gt;Paid&lt;/b&gt; &amp; organic &gt; guesswork ]]&gt; twice ]]&gt; done</title>',
    );
  });

  it('the blog and its posts link the feed from their head; other pages do not', async () => {
    const feedOf = async (path: string) =>
      head((await request(t.app).get(path).expect(200)).text)
        .querySelector('link[rel="alternate"][type="application/rss+xml"]')
        ?.getAttribute('href');
    expect(await feedOf('/blog')).toBe('https://www.example-agency.com/blog/rss.xml');
    expect(await feedOf('/blog/measure-what-matters')).toBe('https://www.example-agency.com/blog/rss.xml');
    expect(await feedOf('/about')).toBeUndefined();
  });

  it('GET /api/page-meta answers the same head for client navigation, and validates the path', async () => {
    const res = await request(t.app)
      .get('/api/page-meta')
      .query({ path: '/blog/measure-what-matters' })
      .expect(200);
    expect(res.body).toMatchObject({
      status: 200,
      canonical: 'https://www.example-agency.com/blog/measure-what-matters',
      image: {
        url: expect.stringMatching(
          /^https:\/\/www\.example-agency\.com\/api\/social-card\.png\?path=%2Fblog%2Fmeasure-what-matters&v=[0-9a-f]{16}$/,
        ),
        width: 1200,
        height: 630,
        alt: expect.stringContaining('Distilled Digital'),
      },
    });
    const missing = await request(t.app).get('/api/page-meta').query({ path: '/no/such/page' }).expect(200);
    expect(missing.body).toMatchObject({ status: 404, image: null });
    await request(t.app).get('/api/page-meta').query({ path: 'no-slash' }).expect(400);
    await request(t.app).get('/api/page-meta?path=/a&path=/b').expect(400);
  });
});
