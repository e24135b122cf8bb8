import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test-support/test-app';
import { blogPosts } from '../db/schema';
import { metricsApp } from '../ops/metrics';

/**
 * One spelling per page (issue 28, items 1-5), on the real app with stand-in server builds: the
 * stand-in shell renders a page only for a target a route serves, exactly as the real one does, so a
 * page rendered from the wrong target shows up as an empty root.
 */
const TEMPLATE = `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Generic</title>
<meta name="description" content="generic" /></head><body><div id="root"></div></body></html>`;

const SHELL = `
export const sharedSingletons = { react: (globalThis.__hostReact ??= {}) };
const ROUTES = ['/', '/about', '/blog', '/case-studies'];
export async function render(req) {
  globalThis.__addressRenders = (globalThis.__addressRenders ?? 0) + 1;
  await (await req.fetch('/api/blog-posts?published=true', {})).json();
  const known = ROUTES.includes(req.url) || /^\\/blog\\/[a-z0-9-]+$/.test(req.url);
  return {
    html: known ? '<main><h1>Page at ' + req.url + '</h1></main>' : '',
    state: { queries: {} },
    rendered: known ? Object.keys(req.remotes) : [],
    leftToBrowser: [],
    problems: [],
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
  const root = mkdtempSync(path.join(tmpdir(), 'address-site-'));
  writeBuild(root, 'shell/dist', {
    'index.html': TEMPLATE,
    'server/entry-server.js': SHELL,
    'server/shared-modules.json': '{}',
  });
  const module =
    'export const sharedSingletons = { react: (globalThis.__hostReact ??= {}) }; export const modules = {};';
  for (const folder of ['mf-content', 'mf-marketing', 'mf-contact'])
    writeBuild(root, `${folder}/dist`, { 'server/entry-server.js': module });
  return root;
}

const doc = (html: string) => new JSDOM(html).window.document;
const heading = (html: string) => doc(html).querySelector('#root h1')?.textContent ?? null;
const renders = () => (globalThis as { __addressRenders?: number }).__addressRenders ?? 0;

/** A raw request with the target exactly as given (absolute form, `//host`, a backslash). */
function rawRequest(
  server: http.Server,
  target: string,
  method = 'GET',
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: target, method }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('one spelling per page', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let server: http.Server;
  beforeAll(async () => {
    t = await createTestApp({ env: { SITE_ROOT: siteRoot(), PUBLIC_URL: 'https://agency.example' } });
    await t.db.insert(blogPosts).values({
      slug: 'live-post',
      title: 'Live post',
      excerpt: 'e',
      content: 'c',
      category: 'SEO',
      author: 'A',
      published: true,
      publishedAt: '2025-01-01T00:00:00Z',
    });
    server = t.app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
  });
  afterAll(async () => {
    await new Promise((r) => server.close(r));
    await t.close();
  });

  it('an absolute-form target never blanks the cached page: it is sent to the path, which renders whole', async () => {
    // First request for /about ever, in absolute form with a foreign host, then with the site's own.
    for (const target of [
      'http://evil.example/about',
      `http://127.0.0.1:${(server.address() as AddressInfo).port}/about`,
    ]) {
      const res = await rawRequest(server, target);
      expect(res.status, target).toBe(301);
      expect(res.headers['location'], target).toBe('/about');
      expect(res.headers['x-request-id'], target).toBeTruthy();
    }
    const first = await request(t.app).get('/about').expect(200);
    expect(heading(first.text)).toBe('Page at /about');
    const again = await request(t.app).get('/about').expect(200).expect('X-Cache', 'HIT');
    expect(heading(again.text)).toBe('Page at /about');
  });

  it('a page whose own section did not render is never stored', async () => {
    // /resources is a route, but the stand-in shell renders nothing for it (an empty root).
    const first = await request(t.app).get('/resources').expect(200);
    expect(heading(first.text)).toBeNull();
    const second = await request(t.app).get('/resources').expect(200);
    expect(second.headers['x-cache']).not.toBe('HIT');
  });

  it('never redirects off the site: //host and /\\host answer a Location on this site', async () => {
    for (const [target, location] of [
      ['//evil%2Eexample/', '/evil.example'],
      ['/\\evil%2Eexample/', '/%5Cevil.example'],
      ['/%5Cevil%2Eexample/', '/%5Cevil.example'],
      ['///evil%2Eexample//about', '/evil.example/about'],
      ['/%2F%2Fevil%2Eexample', '/%2F%2Fevil.example'],
    ]) {
      const res = await rawRequest(server, target!);
      expect(res.status, target).toBe(301);
      expect(res.headers['location'], target).toBe(location);
    }
    // Whatever else answers (an asset-like path is a plain 404), no Location leaves the site.
    for (const target of ['//evil.example/', '/\\evil.example/', '//evil.example', '/\\/evil.example/x']) {
      const res = await rawRequest(server, target);
      expect(res.headers['location'] ?? '', target).not.toMatch(/^\/[/\\]/);
      expect(res.headers['location'] ?? '', target).not.toMatch(/^[a-z]+:/i);
    }
  });

  it('sends every other spelling to the canonical path with a 301, and links the canonical path', async () => {
    const cases: [string, string][] = [
      ['//about', '/about'],
      ['/about/', '/about'],
      ['/about//', '/about'],
      ['/services//seo', '/services/seo'],
      ['/%61bout', '/about'],
      ['/About', '/about'],
      ['/BLOG/Live-Post', '/blog/live-post'],
      ['/blog//live-post/', '/blog/live-post'],
      ['/about/?utm_source=x', '/about?utm_source=x'],
    ];
    for (const [target, location] of cases) {
      const res = await rawRequest(server, target);
      expect(res.status, target).toBe(301);
      expect(res.headers['location'], target).toBe(location);
    }
    // No soft 404: the canonical address is the page, with its own canonical link.
    const page = await request(t.app).get('/blog/live-post').expect(200);
    expect(heading(page.text)).toBe('Page at /blog/live-post');
    expect(doc(page.text).querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      'https://agency.example/blog/live-post',
    );
  });

  it('a flood of 520 spellings and campaign links does not push real pages or API answers out of the cache', async () => {
    await request(t.app).get('/blog').expect(200);
    await request(t.app).get('/api/services').expect(200);
    const size = t.cache.size();
    for (let i = 0; i < 520; i++) {
      const spelling = i % 2 ? `/%62log?${i}` : `/blog?utm_source=s${i}&gclid=${i}`;
      const res = await request(t.app).get(spelling);
      expect([200, 301], spelling).toContain(res.status);
      if (res.status === 200) expect(res.headers['x-cache'], spelling).toBe('HIT');
    }
    expect(t.cache.size()).toBe(size);
    await request(t.app).get('/blog').expect(200).expect('X-Cache', 'HIT');
    await request(t.app).get('/api/services').expect(200).expect('X-Cache', 'HIT');
  });

  it('serves campaign links from the cache, and answers HEAD from the GET entry', async () => {
    const page = await request(t.app).get('/case-studies').expect(200);
    const before = renders();
    for (const query of ['utm_source=news&utm_medium=email', 'gclid=abc', 'fbclid=x', 'msclkid=y']) {
      const res = await request(t.app).get(`/case-studies?${query}`).expect(200);
      expect(res.headers['x-cache'], query).toBe('HIT');
      expect(res.text, query).toBe(page.text);
    }
    const head = await request(t.app).head('/case-studies').expect(200);
    expect(head.headers['x-cache']).toBe('HIT');
    expect(head.headers['content-length']).toBe(String(Buffer.byteLength(page.text)));
    expect(renders()).toBe(before);
    // A HEAD that misses renders once, and its GET is then answered from that entry.
    const headFirst = await request(t.app).head('/?utm_campaign=z').expect(200);
    expect(headFirst.headers['x-cache']).toBe('MISS');
    await request(t.app).get('/').expect(200).expect('X-Cache', 'HIT');
    // The public API's cached reads too.
    const read = await request(t.app).get('/api/testimonials').expect(200);
    const headRead = await request(t.app).head('/api/testimonials').expect(200);
    expect(headRead.headers['x-cache']).toBe('HIT');
    expect(headRead.headers['etag']).toBe(read.headers['etag']);
  });
});

describe('uncached renders per client', () => {
  it('are bounded: past the limit a client gets 429, cached pages stay free', async () => {
    // RATE_LIMIT_SCALE 0.01: 3 uncached renders a minute.
    const t = await createTestApp({ env: { SITE_ROOT: siteRoot(), RATE_LIMIT_SCALE: 0.01 } });
    try {
      await request(t.app).get('/about').expect(200);
      await request(t.app).get('/no-such-page-1').expect(404);
      await request(t.app).get('/no-such-page-2').expect(404);
      const refused = await request(t.app).get('/no-such-page-3').expect(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.text).toBe('Too many requests. Please try again later.');
      await request(t.app).get('/about').expect(200).expect('X-Cache', 'HIT');
    } finally {
      await t.close();
    }
  });
});

describe('metric labels', () => {
  it('come from route patterns only: case-spelled mounts mint no series (nor cache entries)', async () => {
    const t = await createTestApp({ env: { RATE_LIMIT_SCALE: 100 } });
    try {
      const scrape = async () => (await request(metricsApp(t.metrics)).get('/metrics')).text;
      // The label sets of the request series (their counts aside).
      const series = (text: string) =>
        text
          .split('\n')
          .filter((l) => l.startsWith('http_request_duration_seconds_count'))
          .map((l) => l.split(' ')[0])
          .sort();
      await request(t.app).post('/api/client-errors').send({}).expect(400);
      await request(t.app).get('/api/services').expect(200);
      const before = series(await scrape());
      for (let i = 0; i < 32; i++) {
        const mount = [...'api'].map((c, j) => ((i >> j) & 1 ? c.toUpperCase() : c)).join('');
        const spelled = [...'client-errors']
          .map((c, j) => ((i >> (j % 6)) & 1 ? c.toUpperCase() : c))
          .join('');
        await request(t.app).post(`/${mount}/${spelled}`).send({}).expect(400);
        await request(t.app).get(`/${mount}/Services`).expect(200);
      }
      const after = await scrape();
      expect(series(after)).toEqual(before);
      // And one cache entry for every spelling of the mount.
      expect(t.cache.size()).toBe(1);
      expect(after).not.toMatch(/route="[^"]*[A-Z][^"]*"/);
      expect(after).toContain('route="/api/client-errors"');
    } finally {
      await t.close();
    }
  }, 120_000);
});
