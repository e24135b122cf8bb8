import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SITE_SETTINGS } from '@agency/contracts';
import { createTestApp } from '../test-support/test-app';
import { SITE_HOST, STAFF_PASSWORD, signIn, staffClient } from '../admin/admin-test-support';

/** Breaks out of a <script> block. */
const SCRIPT = '</script><script>alert(1)</script>';
/** Breaks out of an attribute value. */
const ATTR = `"><img src=x onerror=alert(1)>`;
/** Single quotes, ampersands and a would-be entity. */
const QUOTE = `' onclick='x()' &amp;`;
const hostile = (label: string) => `${label} ${ATTR} ${SCRIPT} ${QUOTE}`;
/** Raw markup that must never appear in a server answer that a browser parses as HTML or XML. */
const RAW = ['<script>alert(1)', '<img src=x', '"><img', '</script><script', "' onclick='"];

const decodeEntities = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&amp;/g, '&');

function siteRoot() {
  const root = mkdtempSync(path.join(tmpdir(), 'sec-xss-site-'));
  mkdirSync(path.join(root, 'shell', 'dist'), { recursive: true });
  writeFileSync(
    path.join(root, 'shell', 'dist', 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Shell</title><meta name="description" content="Shell" /></head><body><div id="root"></div></body></html>',
  );
  return root;
}

/** Cells of an RFC 4180 CSV whose every cell is quoted. */
function parseCsv(text: string): string[][] {
  return text
    .split('\r\n')
    .filter(Boolean)
    .map((line) => [...line.matchAll(/"((?:[^"]|"")*)"(?:,|$)/g)].map((m) => m[1]!.replace(/""/g, '"')));
}

/** Every <script> of a page: its attributes and body. */
const scriptsOf = (html: string) =>
  [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)].map((m) => ({ attrs: m[1]!, body: m[2]! }));

/** The checks every server-rendered page (head and no-JavaScript main text) must pass, whatever was stored. */
function expectSafeHead(html: string, where: string) {
  // Outside the JSON data blocks (checked below), no stored markup is left raw.
  const markup = html.replace(/(<script\b[^>]*>)[\s\S]*?<\/script>/gi, '$1</script>');
  for (const raw of RAW) expect(markup, `${where}: ${raw}`).not.toContain(raw);
  // The template has no scripts: every <script> is a JSON data block, and parses as JSON.
  const scripts = scriptsOf(html);
  expect(html.match(/<script\b/gi)?.length ?? 0, where).toBe(scripts.length);
  for (const s of scripts) {
    expect(s.attrs, where).toMatch(/^\s+type="application\/(ld\+)?json"/);
    expect(() => JSON.parse(s.body), where).not.toThrow();
    expect(s.body, where).not.toContain('<');
  }
  // Every head tag we render is well formed: no value leaves its attribute.
  const head = html.slice(0, html.indexOf('</head>'));
  for (const tag of head.match(/<(meta|link)\b[^>]*>/gi) ?? []) {
    expect(tag, where).toMatch(/^<(meta|link)(\s+[a-z:-]+(="[^"<>]*")?)*\s*\/?>$/i);
  }
  expect(html.match(/<title>/g), where).toHaveLength(1);
  // Sanitized rich text may keep harmless tags (p, a, img), but never a handler, a script URL or an
  // active element; attribute values are cut out first so escaped text inside them does not count.
  for (const tag of markup.match(/<[a-z][^>]*>/gi) ?? []) {
    const bare = tag.replace(/"[^"]*"|'[^']*'/g, '""');
    expect(bare, `${where}: ${tag}`).not.toMatch(/\son[a-z]+\s*=/i);
    expect(tag, where).not.toMatch(
      /\b(href|src|action|formaction|data)\s*=\s*["']?\s*(javascript|vbscript|data):/i,
    );
  }
  expect(
    markup.match(/<(svg|iframe|object|embed|style|form|math|base|meta http-equiv)\b/gi),
    where,
  ).toBeNull();
  // The no-JavaScript copy cannot be closed early by stored text (browsers with JavaScript read
  // <noscript> as raw text up to the first </noscript>).
  expect(html.match(/<noscript>/gi)?.length ?? 0, where).toBeLessThanOrEqual(1);
  expect(html.match(/<\/noscript/gi)?.length ?? 0, where).toBe(html.match(/<noscript>/gi)?.length ?? 0);
  return {
    title: decodeEntities(/<title>([^<]*)<\/title>/.exec(html)![1]!),
    jsonLd: scripts.filter((s) => s.attrs.includes('ld+json')).map((s) => JSON.parse(s.body) as unknown),
  };
}

describe('XSS', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let staff: ReturnType<typeof staffClient>;
  let root: string;
  const siteName = `Agency ${ATTR} ${SCRIPT}`;

  beforeAll(async () => {
    root = siteRoot();
    t = await createTestApp({
      env: {
        ADMIN_PASSWORD: STAFF_PASSWORD,
        SITE_ROOT: root,
        RELEASES_DIR: path.join(root, 'releases'),
        RATE_LIMIT_SCALE: 10,
      },
    });
    staff = staffClient(t.app, await signIn(t.app));
    await staff
      .put('/api/admin/site-settings')
      .send({ ...DEFAULT_SITE_SETTINGS, siteName, defaultMetaDescription: hostile('Default description') })
      .expect(200);
    await staff
      .post('/api/admin/pages')
      .send({
        name: hostile('Name'),
        slug: 'hostile-page',
        title: hostile('Page title'),
        metaTitle: hostile('Meta title'),
        metaDescription: hostile('Meta description'),
        content: { body: `# ${hostile('Heading')}\n\n[click](javascript:alert(1)) ${SCRIPT}` },
        published: true,
      })
      .expect(201);
    await staff
      .post('/api/admin/blog-posts')
      .send({
        slug: 'hostile-post',
        title: hostile('Post title'),
        excerpt: hostile('Excerpt'),
        content: [
          SCRIPT,
          ATTR,
          '<img alt="</noscript><img src=x onerror=alert(1)>" src="/ok.png">',
          '<a href="/x" title="</noscript><svg onload=alert(1)>">link</a>',
          '<a href="javascript:alert(1)">js</a> <a href=" JaVaScRiPt:alert(1)">js2</a>',
          '<p onclick="alert(1)" style="x">para</p><svg><script>alert(1)</script></svg>',
          '<form action="javascript:alert(1)"><button>go</button></form>',
        ].join('\n'),
        category: hostile('Category'),
        author: hostile('Author'),
        tags: [hostile('Tag')],
        published: true,
      })
      .expect(201);
    await staff
      .post('/api/admin/case-studies')
      .send({
        slug: 'hostile-study',
        title: hostile('Study title'),
        client: hostile('Client'),
        industry: hostile('Industry'),
        duration: hostile('Duration'),
        challenge: hostile('Challenge'),
        solution: hostile('Solution'),
        results: [{ metric: hostile('Metric'), value: '+1' }],
        services: [hostile('Service')],
        imageUrl: '/uploads/x.png?"><script>alert(1)</script>',
        published: true,
      })
      .expect(201);
    await staff
      .post('/api/admin/services')
      .send({
        title: hostile('Service title'),
        slug: 'seo',
        description: hostile('Service description'),
        published: true,
      })
      .expect(201);
  });
  afterAll(async () => {
    await t.close();
    await rm(root, { recursive: true, force: true });
  });

  it('escapes stored text in the <title>, meta tags and JSON-LD of blog posts', async () => {
    const res = await request(t.app).get('/blog/hostile-post').expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const { title, jsonLd } = expectSafeHead(res.text, '/blog/hostile-post');
    expect(title).toBe(`${hostile('Post title')} | ${siteName}`);
    const posting = jsonLd.find((j) => (j as { '@type': string })['@type'] === 'BlogPosting') as Record<
      string,
      unknown
    >;
    expect(posting['headline']).toBe(hostile('Post title'));
    expect(posting['description']).toBe(hostile('Excerpt'));
    expect((posting['author'] as { name: string }).name).toBe(hostile('Author'));
    expect(res.text).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    // The page body is rendered by the remotes' server builds: e2e/tests/security-xss.spec.ts renders
    // every stored field on every page from the real builds and checks nothing runs.
  });

  it('escapes stored text in the heads of case studies (image URL included), CMS pages and services', async () => {
    // A CMS page's meta title is the complete title staff wrote: no site name is added to it.
    for (const [p, expectedTitle] of [
      ['/case-studies/hostile-study', `${hostile('Study title')} | ${siteName}`],
      ['/hostile-page', hostile('Meta title')],
      ['/services/seo', `${hostile('Service title')} | ${siteName}`],
    ] as const) {
      const res = await request(t.app).get(p).expect(200);
      const { title } = expectSafeHead(res.text, p);
      expect(title, p).toBe(expectedTitle);
    }
    const study = await request(t.app).get('/case-studies/hostile-study');
    // og:image is the study's social card; the stored image URL is in the Article JSON-LD.
    const image = /<meta property="og:image" content="([^"]*)"/.exec(study.text)?.[1];
    expect(image).toBeDefined();
    expect(decodeEntities(image!)).toMatch(/^http:\/\/[^/]+\/api\/social-card\.png\?path=[^"<>\s]+$/);
    const article = [...study.text.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)]
      .map((m) => JSON.parse(m[1]!) as Record<string, unknown>)
      .find((j) => j['@type'] === 'Article');
    expect(article?.['image']).toMatch(/^http:\/\/[^/]+\/uploads\/x\.png\?/);
    expect(study.text).not.toMatch(/<meta property="og:image:alt" content="[^"]*[<>]/);
  });

  it('escapes the site name and default description on every fixed route and the 404 head', async () => {
    for (const p of [
      '/',
      '/about',
      '/services',
      '/blog',
      '/case-studies',
      '/resources',
      '/contact',
      '/cms',
    ]) {
      const res = await request(t.app).get(p).set('Host', SITE_HOST).expect(200);
      const { jsonLd } = expectSafeHead(res.text, p);
      expect((jsonLd[0] as { name: string }).name, p).toBe(siteName);
    }
    const missing = await request(t.app).get('/no-such-page').expect(404);
    expectSafeHead(missing.text, '/no-such-page');
  });

  it('escapes a hostile request path and Host header in the canonical URL and JSON-LD', async () => {
    const res = await request(t.app).get(`/blog/hostile-post?q=${encodeURIComponent(ATTR)}`);
    expectSafeHead(res.text, 'query');
    const viaHost = await request(t.app).get('/about').set('Host', `evil.example"><script>alert(1)</script>`);
    if (viaHost.status < 400) {
      expectSafeHead(viaHost.text, 'Host header');
      expect(viaHost.text).not.toContain('evil.example"');
    }
    const sitemap = await request(t.app).get('/sitemap.xml').set('Host', `evil.example"><script>x</script>`);
    // The sitemap names the configured site address only; the Host header never reaches it.
    if (sitemap.status < 400) {
      expect(sitemap.text).not.toMatch(/<script|evil\.example/);
      const locs = [...sitemap.text.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
      expect(locs.length).toBeGreaterThan(0);
      for (const loc of locs) expect(loc?.startsWith(`${t.env.PUBLIC_URL}/`)).toBe(true);
    }
    const odd = await request(t.app).get('/%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E');
    expectSafeHead(odd.text, 'encoded path');
  });

  it('escapes stored text in the RSS feed and keeps the sitemap free of markup', async () => {
    const rss = await request(t.app).get('/blog/rss.xml').expect(200);
    expect(rss.headers['content-type']).toMatch(/^application\/rss\+xml/);
    // In XML element content only markup can inject: a quote or apostrophe is plain text there
    // (the parser check below reads every stored character back).
    for (const raw of RAW.filter((r) => r.includes('<'))) expect(rss.text, raw).not.toContain(raw);
    expect(rss.text).not.toMatch(/<script|<img/i);
    // An XML parser reads the stored text back exactly: escaped, not dropped or mangled.
    const feed = new JSDOM(rss.text, { contentType: 'application/xml' }).window.document;
    const item = [...feed.getElementsByTagName('item')].find((i) =>
      i.getElementsByTagName('link')[0]?.textContent?.endsWith('/blog/hostile-post'),
    )!;
    const text = (el: Element | Document, tag: string) => el.getElementsByTagName(tag)[0]?.textContent;
    expect(text(item, 'title')).toBe(hostile('Post title'));
    expect(text(item, 'description')).toBe(hostile('Excerpt'));
    expect(text(item, 'category')).toBe(hostile('Category'));
    expect(text(item, 'dc:creator')).toBe(hostile('Author'));
    expect(text(feed, 'title')).toBe(`${siteName} Blog`);
    // Every element that opens also closes: stored text added no elements.
    const opened = rss.text.match(/<(?!\/|\?|!)[a-z:]+/gi)!.length;
    const selfClosed = rss.text.match(/\/>/g)?.length ?? 0;
    expect(rss.text.match(/<\//g)!.length + selfClosed).toBe(opened);

    const sitemap = await request(t.app).get('/sitemap.xml').expect(200);
    for (const raw of RAW) expect(sitemap.text, raw).not.toContain(raw);
    expect(sitemap.text).toContain('/blog/hostile-post</loc>');
  });

  it('serves stored hostile text from the API as JSON only (never as HTML), unchanged', async () => {
    for (const p of [
      '/api/blog-posts/hostile-post',
      '/api/case-studies/hostile-study',
      '/api/pages/hostile-page',
      '/api/site-settings',
      '/api/services',
      `/api/page-meta?path=${encodeURIComponent('/blog/hostile-post')}`,
    ]) {
      const res = await request(t.app).get(p).expect(200);
      expect(res.headers['content-type'], p).toMatch(/^application\/json/);
      expect(res.headers['x-content-type-options'], p).toBe('nosniff');
    }
    const post = await request(t.app).get('/api/blog-posts/hostile-post').expect(200);
    expect(post.body.title).toBe(hostile('Post title'));
  });

  it('refuses javascript:, data: and protocol-relative URLs in stored links and images', async () => {
    const base = {
      slug: 'bad-url-study',
      title: 'T',
      client: 'C',
      industry: 'I',
      duration: 'D',
      challenge: 'C',
      solution: 'S',
    };
    for (const imageUrl of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      '//evil.example/x.png',
      'vbscript:msgbox(1)',
    ]) {
      const res = await staff.post('/api/admin/case-studies').send({ ...base, imageUrl });
      expect(res.status, imageUrl).toBe(400);
    }
    const resource = await staff
      .post('/api/admin/resources')
      .send({ title: 'R', description: 'D', fileUrl: 'javascript:alert(1)' });
    expect(resource.status).toBe(400);
    const settings = await staff.put('/api/admin/site-settings').send({
      ...DEFAULT_SITE_SETTINGS,
      siteName,
      socialLinks: { ...DEFAULT_SITE_SETTINGS.socialLinks, x: 'javascript:alert(1)' },
    });
    expect(settings.status).toBe(400);
  });

  it('neutralises spreadsheet formulas (=, +, -, @) in the CSV export, served as a download', async () => {
    await request(t.app)
      .post('/api/contacts')
      .send({
        firstName: '=HYPERLINK("http://evil.example","Click")',
        lastName: '+1+cmd|/C calc!A0',
        email: 'formula@example.com',
        company: '-2+3',
        budget: '10k-25k',
        goals: '@SUM(A1:A9) and enough text',
      })
      .expect(201);
    await request(t.app).post('/api/newsletter').send({ email: '-dash@example.com' }).expect(201);
    const res = await staff.get('/api/admin/leads.csv?type=contacts').expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="leads-contacts-/);
    const values = parseCsv(res.text.replace(/^\uFEFF/, ''))[1]!;
    expect(values).toContain(`'=HYPERLINK("http://evil.example","Click")`);
    expect(values).toContain(`'+1+cmd|/C calc!A0`);
    expect(values).toContain(`'-2+3`);
    expect(values).toContain(`'@SUM(A1:A9) and enough text`);
    for (const v of values) expect(v, v).not.toMatch(/^[=+\-@\t\r]/);
    const newsletter = await staff.get('/api/admin/leads.csv?type=newsletter').expect(200);
    expect(newsletter.text).toContain(`"'-dash@example.com"`);
    expect(newsletter.text).not.toMatch(/(^|,)"[=+\-@]/m);
  });
  it("places stored text as text: $` $' $& in a title or body never copy the page around them", async () => {
    const dollars = "$`$'$&";
    const post = (slug: string, text: string) =>
      staff
        .post('/api/admin/blog-posts')
        .send({
          slug,
          title: text.repeat(40),
          excerpt: text.repeat(10),
          content: text.repeat(2500),
          category: 'SEO',
          author: 'Staff',
          tags: [],
          published: true,
        })
        .expect(201);
    await post('dollar-patterns', dollars);
    await post('plain-letters', 'abcdef');
    const plain = await request(t.app).get('/blog/plain-letters').expect(200);
    const page = await request(t.app).get('/blog/dollar-patterns').expect(200);
    // Same input size, so about the same page size (escaping `'` costs a few bytes each).
    expect(page.text.length).toBeLessThan(plain.text.length * 2);
    for (const tag of ['<head>', '</head>', '<title>', '<body>', '<div id="root">']) {
      expect(page.text.split(tag).length - 1, tag).toBe(1);
    }
    expect(decodeEntities(/<title>([^<]*)<\/title>/.exec(page.text)![1]!)).toContain(dollars.repeat(40));
  });

  it('never builds an absolute URL from the Host header: robots.txt, sitemap, RSS, head and page meta use PUBLIC_URL', async () => {
    const forged = 'evil.example';
    const origin = t.env.PUBLIC_URL;
    expect(origin).toBe(`http://localhost:${t.env.PORT}`);
    for (const p of ['/robots.txt', '/sitemap.xml', '/blog/rss.xml', '/', '/about', '/blog/hostile-post']) {
      const res = await request(t.app).get(p).set('Host', forged);
      expect(res.status, p).toBeLessThan(400);
      expect(res.text, p).not.toContain(forged);
      expect(res.text, p).toContain(origin);
    }
    const meta = await request(t.app).get('/api/page-meta?path=/about').set('Host', forged).expect(200);
    expect(meta.body.canonical).toBe(`${origin}/about`);
    const robots = await request(t.app).get('/robots.txt').set('Host', forged);
    expect(robots.text).toContain(`Sitemap: ${origin}/sitemap.xml`);
  });
});
