import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test-support/test-app';
import { blogPosts } from '../../db/schema';
import { STAFF_PASSWORD, signIn, staffClient } from '../../admin/admin-test-support';
import { StaffMessages, matchSiteRoute } from '@agency/contracts';

/**
 * The server's side of the render path, with stand-in server builds (plain modules that follow the
 * contract in server-build-contract.ts): which builds it loads, what it gives them, and how it turns
 * their answer into the page. The real builds are rendered end to end by the e2e suite.
 */
const TEMPLATE = `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Generic</title>
<meta
  name="description"
  content="generic"
/><script type="module" src="/assets/shell.js"></script></head><body><div id="root"></div></body></html>`;

// The stand-in shell renders what the real one would be given: the remote's module and the page's
// data, read through the fetch the server passed in (as the visitor).
const SHELL = `
export const sharedSingletons = { react: (globalThis.__hostReact ??= {}) };
export async function render(req) {
  globalThis.__renders = (globalThis.__renders ?? 0) + 1;
  if (req.url.startsWith('/explode')) throw new Error('shell exploded');
  const posts = await (await req.fetch('/api/blog-posts?published=true', {})).json();
  const slug = req.url.startsWith('/blog/') ? req.url.slice('/blog/'.length) : undefined;
  const one = slug ? await req.fetch('/api/blog-posts/' + slug, {}) : undefined;
  const post = one && one.ok ? await one.json() : null;
  // Every post the reader may see (staff: drafts too), on one address only.
  const all = req.url === '/every-post' ? await (await req.fetch('/api/blog-posts', {})).json() : undefined;
  const remote = req.remotes.mf_content;
  const page = req.url.startsWith('/contact') ? req.remotes.mf_contact : req.url === '/' ? req.remotes.mf_marketing : remote;
  const marker = page ? page.modules.Marker : 'rendered-in-browser';
  return {
    html: '<main><h1>' + marker + '</h1></main>',
    state: { queries: { posts, post, ...(all ? { all } : {}) } },
    rendered: Object.keys(req.remotes),
    leftToBrowser: page ? [] : ['the-page/Marker'],
    problems: [],
    // The head the page declared from the data it showed (set per test).
    ...(globalThis.__declaredHead
      ? {
          head: globalThis.__declaredHead(req.url, post),
          headSite: { siteName: 'Distilled Digital', defaultMetaDescription: 'd', socialLinks: [], origin: req.head.origin },
        }
      : {}),
  };
}`;

function writeBuild(root: string, folder: string, files: Record<string, string>) {
  for (const [rel, text] of Object.entries(files)) {
    const file = path.join(root, folder, rel);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
}

function siteRoot() {
  const root = mkdtempSync(path.join(tmpdir(), 'render-site-'));
  writeBuild(root, 'shell/dist', {
    'index.html': TEMPLATE,
    'server/entry-server.js': SHELL,
    'server/shared-modules.json': '{}',
  });
  const shares = 'export const sharedSingletons = { react: (globalThis.__hostReact ??= {}) };';
  writeBuild(root, 'mf-content/dist', {
    'server/entry-server.js': `${shares} export const modules = { Marker: 'from-local-build' };`,
    'assets/content-abc.css': '.x{}',
    // What the browser build lists per exposed module (packages/federation-config/module-preloads.ts);
    // a path that leaves the build's folder is not passed on.
    'preloads.json': JSON.stringify({
      entry: ['assets/runtime-1.js'],
      modules: {
        [matchSiteRoute('/blog')!.route.module]: ['assets/blog-2.js', 'assets/runtime-1.js', '../escape.js'],
        Other: ['assets/other-3.js'],
      },
    }),
  });
  // mf-contact: a build that bundled its own React. mf-marketing: one that throws when imported.
  // mf-cms: no server build at all.
  writeBuild(root, 'mf-contact/dist', {
    'server/entry-server.js': `export const sharedSingletons = { react: {} }; export const modules = { Marker: 'own-react' };`,
  });
  writeBuild(root, 'mf-marketing/dist', {
    'server/entry-server.js': `throw new Error('broken build');`,
    'assets/marketing-abc.css': '.m{}',
  });
  return root;
}

const doc = (html: string) => new JSDOM(html).window.document;
const ssrState = (html: string) =>
  JSON.parse(doc(html).getElementById('ssr-state')?.textContent ?? 'null') as {
    queries: {
      posts: { slug: string; title: string }[];
      post: { slug: string } | null;
      all?: { slug: string }[];
    };
  } | null;

describe('server render of pages', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let releases: string;
  let root: string;

  beforeAll(async () => {
    releases = mkdtempSync(path.join(tmpdir(), 'render-releases-'));
    root = siteRoot();
    t = await createTestApp({
      env: { SITE_ROOT: root, RELEASES_DIR: releases, ADMIN_PASSWORD: STAFF_PASSWORD },
    });
    await t.db.insert(blogPosts).values([
      {
        slug: 'live-post',
        title: 'Live </script><script>alert(1)</script>',
        excerpt: 'e',
        content: 'c',
        category: 'SEO',
        author: 'A',
        published: true,
        publishedAt: '2025-01-01T00:00:00Z',
      },
      { slug: 'draft-post', title: 'Draft only', excerpt: 'e', content: 'c', category: 'SEO', author: 'A' },
    ]);
  });
  afterAll(() => t.close());

  it('puts the remote-rendered HTML, its stylesheet, the manifest and the data it used into the page', async () => {
    const res = await request(t.app).get('/blog').expect(200);
    const page = doc(res.text);
    expect(page.querySelector('#root h1')?.textContent).toBe('from-local-build');
    expect(page.title).toBe('Blog: SEO, Paid Media and Analytics Insights | Distilled Digital');
    expect(page.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(page.querySelector('link[rel="stylesheet"]')?.getAttribute('href')).toBe(
      '/remotes/mf-content/assets/content-abc.css',
    );
    expect(JSON.parse(page.getElementById('remotes-manifest')!.textContent!)).toMatchObject({
      remotes: { mf_content: { entry: '/remotes/mf-content/remoteEntry.js' } },
    });
    // The data came from the API as an anonymous visitor: published posts only.
    expect(ssrState(res.text)?.queries.posts.map((p) => p.slug)).toEqual(['live-post']);
    // Stored text cannot close the data block: no script runs from it.
    expect(res.text).not.toContain('<script>alert(1)</script>');
    expect(page.querySelectorAll('script:not([type]), script[type="text/javascript"]')).toHaveLength(0);
    // A visitor's complete page: browsers revalidate, a shared cache may hold it under its families.
    expect(res.headers['cache-control']).toMatch(/^public, max-age=0, s-maxage=\d+, /);
    expect(res.headers['surrogate-key']).toMatch(/\bblog-posts\b.*\bhtml$/);
  });

  it("lists the route's own scripts for the shell's loader to fetch at once: its entry and its module's chunks", async () => {
    const res = await request(t.app).get('/blog').expect(200);
    const listed = JSON.parse(doc(res.text).getElementById('route-preloads')?.textContent ?? 'null');
    expect(listed).toEqual([
      '/remotes/mf-content/remoteEntry.js',
      '/remotes/mf-content/assets/runtime-1.js',
      '/remotes/mf-content/assets/blog-2.js',
    ]);
    // A route whose remote was not rendered on the server still gets its entry.
    const contact = await request(t.app).get('/contact').expect(200);
    expect(JSON.parse(doc(contact.text).getElementById('route-preloads')?.textContent ?? 'null')).toEqual([
      '/remotes/mf-contact/remoteEntry.js',
    ]);
  });

  describe('the head the page declares', () => {
    const declare = (head: ((url: string, post: { title: string } | null) => unknown) | undefined) =>
      Object.assign(globalThis, { __declaredHead: head });
    afterAll(() => declare(undefined));

    it('is the head of the page, from the data the page read, with its status', async () => {
      declare((url, post) =>
        post
          ? {
              status: 200,
              title: `Read once: ${post.title}`,
              description: 'From the page',
              path: url,
              type: 'article',
              jsonLd: [],
            }
          : {
              status: 404,
              title: 'Article Not Found',
              description: 'd',
              path: url,
              type: 'website',
              noindex: true,
              jsonLd: [],
            },
      );
      const first = await request(t.app).get('/blog/live-post').expect(200);
      // The browser's page takes these tags over as it hydrates: none is marked for replacing.
      expect(first.text).not.toContain('data-server-head');
      const live = doc(first.text);
      expect(live.title).toBe('Read once: Live </script><script>alert(1)</script> | Distilled Digital');
      expect(live.querySelector('meta[name="description"]')?.getAttribute('content')).toBe('From the page');
      expect(live.querySelector('link[rel="canonical"]')?.getAttribute('href')).toMatch(/\/blog\/live-post$/);
      // The page found nothing: its 404, whatever the database holds (the draft is staff's only).
      const missing = await request(t.app).get('/blog/draft-post').expect(404);
      expect(doc(missing.text).title).toBe('Article Not Found | Distilled Digital');
      expect(doc(missing.text).querySelector('meta[name="robots"]')?.getAttribute('content')).toBe(
        'noindex, nofollow',
      );
    });

    it("a head without what every head has (an older or broken shell build) is none: the database's stands in", async () => {
      declare((url) => ({ status: 200, path: url, jsonLd: [] }));
      // Staff pages are rendered every time (the visitors' page of the test before is kept).
      const cookie = await signIn(t.app);
      const res = await request(t.app).get('/blog/draft-post').set('Cookie', cookie).expect(200);
      expect(doc(res.text).title).toBe('Draft only | Distilled Digital');
      // Marked, so the page replaces them when it renders in the browser.
      expect(doc(res.text).querySelector('meta[property="og:url"]')?.hasAttribute('data-server-head')).toBe(
        true,
      );
      declare((url) => ({
        status: 302,
        title: 't',
        description: 'd',
        path: url,
        type: 'website',
        jsonLd: [],
      }));
      await request(t.app).get('/blog/no-such-post').expect(404);
    });
  });

  it('keeps the status of the route: 404 for an unknown slug or path, rendered all the same', async () => {
    for (const p of ['/blog/no-such-post', '/blog/draft-post', '/no/such/page']) {
      const res = await request(t.app).get(p);
      expect(res.status, p).toBe(404);
      expect(doc(res.text).querySelector('#root h1'), p).not.toBeNull();
      expect(ssrState(res.text)?.queries.post, p).toBeNull();
    }
  });

  it('the CMS, which renders only in the browser, tells a browser without JavaScript it needs it', async () => {
    const res = await request(t.app).get('/cms').expect(200);
    const page = doc(res.text);
    // The root stays empty (the loader starts the app at once when it is), the message sits after it.
    expect(page.getElementById('root')?.innerHTML).toBe('');
    expect(res.text).toContain(`<noscript><p role="alert"`);
    expect(page.querySelector('noscript')?.textContent).toContain(StaffMessages.needsJavaScript);
    // A public page has no such message.
    expect((await request(t.app).get('/about').expect(200)).text).not.toContain('needs JavaScript');
  });

  it('renders signed-in staff their own page (drafts included), never stored for anyone else', async () => {
    const cookie = await signIn(t.app);
    const res = await request(t.app).get('/blog/draft-post').set('Cookie', cookie).expect(200);
    // The page's own API calls carried the staff cookie: the draft is in the data it was rendered from.
    expect(ssrState(res.text)?.queries.post?.slug).toBe('draft-post');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['vary']).toMatch(/Cookie/);
  });

  it("gives staff's render drafts where a read shows them drafts, though visitors' answer is in the cache", async () => {
    const slugs = (list: { slug: string }[] | undefined) => list?.map((p) => p.slug);
    const kept = (await request(t.app).get('/api/blog-posts').expect(200)).body as { slug: string }[];
    expect(slugs(kept)).not.toContain('draft-post');
    // A visitor's render reads it from the cache; staff's reads past it, with their drafts.
    const visitor = await request(t.app).get('/every-post');
    expect(slugs(ssrState(visitor.text)?.queries.all)).toEqual(slugs(kept));
    const staff = await request(t.app)
      .get('/every-post')
      .set('Cookie', await signIn(t.app));
    expect(slugs(ssrState(staff.text)?.queries.all)).toContain('draft-post');
    // The live list, which shows nobody drafts, is the same for both.
    expect(ssrState(staff.text)?.queries.posts).toEqual(ssrState(visitor.text)?.queries.posts);
  });

  it('a remote whose server build is missing or broken is left to the browser; the page is still 200', async () => {
    // The home page belongs to mf-marketing, whose server build throws on import.
    const res = await request(t.app).get('/').expect(200);
    const page = doc(res.text);
    // The shell was given no mf-marketing build: its region is the browser's.
    expect(page.querySelector('#root h1')?.textContent).toBe('rendered-in-browser');
    expect(page.getElementById('ssr-state')).not.toBeNull();
    // And the build's stylesheet (it has one) is not linked for a region the server did not render.
    expect(page.querySelector('link[rel="stylesheet"][href*="mf-marketing"]')).toBeNull();
  });

  it('a remote whose server build carries its own copy of a shared singleton is left to the browser', async () => {
    const res = await request(t.app).get('/contact').expect(200);
    expect(doc(res.text).querySelector('#root h1')?.textContent).toBe('rendered-in-browser');
  });

  it('a shell render that fails serves the plain shell (rendered in the browser) with the right head', async () => {
    const res = await request(t.app).get('/explode').expect(404);
    const page = doc(res.text);
    expect(page.getElementById('root')?.innerHTML).toBe('');
    expect(page.getElementById('ssr-state')).toBeNull();
    expect(page.title).toBe('Page Not Found | Distilled Digital');
  });

  it('keeps pages for visitors until a staff write changes what they show', async () => {
    const renders = () => (globalThis as { __renders?: number }).__renders ?? 0;
    const first = await request(t.app).get('/blog').expect(200);
    const before = renders();
    const second = await request(t.app).get('/blog').expect(200);
    expect(second.headers['x-cache']).toBe('HIT');
    expect(second.text).toBe(first.text);
    expect(renders()).toBe(before);
    // A campaign link is the same page, from the cache (issue 28); a staff cookie renders afresh.
    const campaign = await request(t.app).get('/blog?utm_source=x').expect(200);
    expect(campaign.headers['x-cache']).toBe('HIT');
    expect(campaign.text).toBe(first.text);
    const cookie = await signIn(t.app);
    const staff = await request(t.app).get('/blog').set('Cookie', cookie).expect(200);
    expect(staff.headers['x-cache']).toBeUndefined();
    expect(renders()).toBe(before + 1);

    // A write to another family keeps the page; a write to blog posts drops it.
    const admin = staffClient(t.app, cookie);
    const [post] = await t.db.select().from(blogPosts).limit(1);
    const testimonial = await admin.post('/api/admin/testimonials').send({ content: 'Great', name: 'Ann' });
    expect(testimonial.status).toBe(201);
    expect((await request(t.app).get('/blog')).headers['x-cache']).toBe('HIT');
    const { slug, excerpt, content, category, author, tags, published } = post!;
    await admin
      .put(`/api/admin/blog-posts/${post!.id}`)
      .send({ slug, title: 'Live, renamed', excerpt, content, category, author, tags, published })
      .expect(200);
    const after = await request(t.app).get('/blog').expect(200);
    expect(after.headers['x-cache']).toBe('MISS');
    expect(ssrState(after.text)?.queries.posts.map((p) => p.title)).toEqual(['Live, renamed']);
  });

  it('a rebuilt shell is served at once: the kept pages belong to the build they were made with', async () => {
    // /case-studies: its remote (mf-content) renders here; a page whose own remote did not (/about's
    // mf-marketing build is broken) is never kept.
    await request(t.app).get('/case-studies').expect(200);
    expect((await request(t.app).get('/case-studies')).headers['x-cache']).toBe('HIT');
    const index = path.join(root, 'shell/dist/index.html');
    writeFileSync(index, TEMPLATE.replace('/assets/shell.js', '/assets/shell-rebuilt.js'));
    const later = new Date(Date.now() + 5000);
    utimesSync(index, later, later);
    const rebuilt = await request(t.app).get('/case-studies').expect(200);
    expect(rebuilt.headers['x-cache']).toBe('MISS');
    expect(rebuilt.text).toContain('/assets/shell-rebuilt.js');
  });

  it('sends /about/ to /about, the one address of the page', async () => {
    const res = await request(t.app).get('/about/?x=1').expect(301);
    expect(res.headers['location']).toBe('/about?x=1');
  });

  it('renders with the release the manifest serves, switching when a release is made', async () => {
    const version = '1.0.0-abcdef1234';
    writeBuild(releases, `mf-content/${version}`, {
      'server/entry-server.js':
        'export const sharedSingletons = { react: globalThis.__hostReact };' +
        "export const modules = { Marker: 'from-release' };",
      'assets/content-rel.css': '.y{}',
      'remoteEntry.js': '',
    });
    writeFileSync(
      path.join(releases, 'release-state.json'),
      JSON.stringify({ remotes: { mf_content: { current: version, history: [] } } }),
    );
    // The release state is re-read at most once a second for non-page requests.
    await new Promise((r) => setTimeout(r, 1100));
    const res = await request(t.app).get('/blog').expect(200);
    const page = doc(res.text);
    expect(page.querySelector('#root h1')?.textContent).toBe('from-release');
    expect(page.querySelector('link[rel="stylesheet"]')?.getAttribute('href')).toBe(
      `/releases/mf-content/${version}/assets/content-rel.css`,
    );
    // The server build is never served to browsers.
    await request(t.app).get(`/releases/mf-content/${version}/server/entry-server.js`).expect(404);
    await request(t.app).get('/remotes/mf-content/server/entry-server.js').expect(404);
  });
});
