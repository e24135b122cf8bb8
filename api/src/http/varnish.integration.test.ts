import http from 'node:http';
import net from 'node:net';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test-support/test-app';
import { standInSite } from '../test-support/stand-in-site';
import { REPO_ROOT } from '../env';
import { STAFF_PASSWORD, signIn, staffClient } from '../admin/admin-test-support';
import { chromium, type Browser, type BrowserContext, type Response as PageResponse } from 'playwright-core';

/**
 * The app behind Debian's varnishd with deploy/varnish/default.vcl (vmod xkey): what visitors get
 * through the shared cache. Skipped, saying so, where varnishd is not installed (.ci/run installs it).
 */
const varnishd = spawnSync('sh', ['-c', 'command -v varnishd || ls /usr/sbin/varnishd'], {
  encoding: 'utf8',
})
  .stdout.trim()
  .split('\n')[0];
if (!varnishd)
  console.warn(
    'varnishd is not installed: skipping the Varnish integration test (apt-get install varnish varnish-modules)',
  );

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!varnishd)('behind Varnish (deploy/varnish/default.vcl)', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let origin: http.Server;
  let varnish: ChildProcess;
  let work: string;
  let edge: string;
  let cookie: string;
  /** Requests the origin answered, per URL (health probes aside). */
  const originHits = new Map<string, number>();
  const hits = (url: string) => originHits.get(url) ?? 0;

  beforeAll(async () => {
    const [appPort, edgePort] = [await freePort(), await freePort()];
    edge = `http://127.0.0.1:${edgePort}`;
    t = await createTestApp({
      seed: true,
      env: {
        SITE_ROOT: standInSite('varnish'),
        ADMIN_PASSWORD: STAFF_PASSWORD,
        SHARED_CACHE_PURGE_URLS: [`varnish+${edge}/`],
        // Short, so the stale-if-error case needs no long wait.
        SHARED_CACHE_MAX_AGE_SECONDS: 3,
      },
    });
    cookie = await signIn(t.app);
    origin = http.createServer((req, res) => {
      if (req.url !== '/healthz') originHits.set(req.url!, hits(req.url!) + 1);
      t.app(req, res);
    });
    await new Promise<void>((resolve) => origin.listen(appPort, '127.0.0.1', resolve));
    work = mkdtempSync(path.join(tmpdir(), 'varnish-'));
    const vcl = readFileSync(path.join(REPO_ROOT, 'deploy/varnish/default.vcl'), 'utf8').replace(
      /\.port = "300[12]"/g,
      () => `.port = "${appPort}"`,
    );
    writeFileSync(path.join(work, 'default.vcl'), vcl);
    varnish = spawn(
      varnishd!,
      [
        '-F',
        '-n',
        path.join(work, 'n'),
        '-a',
        `127.0.0.1:${edgePort}`,
        '-f',
        path.join(work, 'default.vcl'),
        '-s',
        'malloc,32m',
        '-T',
        'none',
        '-j',
        'none',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let log = '';
    varnish.stderr?.on('data', (d) => (log += String(d)));
    varnish.stdout?.on('data', (d) => (log += String(d)));
    for (let i = 0; ; i++) {
      const ok = await fetch(`${edge}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (i > 100 || varnish.exitCode !== null) throw new Error(`varnishd did not start: ${log}`);
      await sleep(100);
    }
    // The start-up purge (everything once) has reached it.
    await t.app.sharedCachePurger!.settled();
  }, 60_000);

  afterAll(async () => {
    varnish?.kill('SIGTERM');
    origin?.closeAllConnections();
    await new Promise((r) => origin?.close(r));
    await t?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => fetch(`${edge}${url}`, { headers });

  it('a second GET is a hit: one origin request per URL, for pages and API reads', async () => {
    for (const url of ['/api/testimonials?published=true', '/api/blog-posts?published=true', '/blog']) {
      const first = await get(url);
      expect(first.status, url).toBe(200);
      await first.text();
      const second = await get(url);
      expect(second.headers.get('x-shared-cache'), url).toBe('HIT');
      expect(Number(second.headers.get('age') ?? '0'), url).toBeGreaterThanOrEqual(0);
      await second.text();
      expect(hits(url), url).toBe(1);
      // The keys are the cache's business only.
      expect(second.headers.get('surrogate-key')).toBeNull();
    }
  });

  it("a staff save purges its family at once; another family's answers stay cached", async () => {
    const before = await (await get('/api/testimonials?published=true')).text();
    await get('/api/blog-posts?published=true').then((r) => r.text());
    const blogHits = hits('/api/blog-posts?published=true');
    const started = performance.now();
    await staffClient(t.app, cookie)
      .post('/api/admin/testimonials')
      .send({ content: 'Purged through Varnish.', name: 'Ada', published: true })
      .expect(201);
    await t.app.sharedCachePurger!.settled();
    const after = await get('/api/testimonials?published=true');
    expect(after.headers.get('x-shared-cache')).toBe('MISS');
    const text = await after.text();
    expect(text).not.toBe(before);
    expect(text).toContain('Purged through Varnish.');
    expect(performance.now() - started).toBeLessThan(1000);
    const blog = await get('/api/blog-posts?published=true');
    expect(blog.headers.get('x-shared-cache')).toBe('HIT');
    await blog.text();
    expect(hits('/api/blog-posts?published=true')).toBe(blogHits);
  });

  it('nothing personal is served from the cache: staff, form outcomes, canary cookies, the CMS', async () => {
    await get('/blog').then((r) => r.text());
    for (const c of [cookie, 'form_flash=s.contact.failed', 'canary=mf-content@1.0.0:5']) {
      const before = hits('/blog');
      for (let i = 0; i < 2; i++) {
        const res = await get('/blog', { cookie: c });
        expect(res.headers.get('cache-control'), c).toBe('private, no-store');
        expect(res.headers.get('x-shared-cache'), c).toBe('MISS');
        await res.text();
      }
      expect(hits('/blog') - before, c).toBe(2);
    }
    const before = hits('/api/admin/session');
    for (let i = 0; i < 2; i++) await get('/api/admin/session', { cookie }).then((r) => r.text());
    expect(hits('/api/admin/session') - before).toBe(2);
    // Another visitor never gets a staff answer: the anonymous copy is the public one.
    const anonymous = await get('/blog');
    expect(anonymous.headers.get('cache-control')).toMatch(/^public, max-age=0, s-maxage=/);
    await anonymous.text();
  });

  it('two browsers through Varnish: the visitor never gets the staff member, preview, form outcome or canary page', async () => {
    const browser: Browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--headless', '--disable-gpu', '--no-first-run', '--disable-quic'],
    });
    try {
      const withCookie = async (pair?: string, javaScriptEnabled = true): Promise<BrowserContext> => {
        const context = await browser.newContext({ javaScriptEnabled });
        if (pair) {
          const [name, value] = pair.split(';')[0]!.split('=') as [string, string];
          await context.addCookies([{ name, value, url: edge }]);
        }
        return context;
      };
      const open = async (context: BrowserContext, url: string) => {
        const page = await context.newPage();
        // The page's HTML answer only: no remotes load from the stand-in site.
        const res = (await page.goto(`${edge}${url}`)) as PageResponse;
        const out = { status: res.status(), headers: await res.allHeaders(), body: await res.text() };
        await page.close();
        return out;
      };
      const visitor = await withCookie(undefined, false);
      for (const [name, pair] of [
        ['staff', cookie],
        ['preview', 'remote_preview=mf-content%40preview'],
        ['canary', 'canary=mf-content@1.0.0:5'],
      ] as const) {
        const other = await withCookie(pair, false);
        for (const url of ['/blog', '/api/testimonials?published=true']) {
          // The personal browser first, twice: the origin answers both, privately, and nothing is kept...
          const before = hits(url);
          for (let i = 0; i < 2; i++) {
            const mine = await open(other, url);
            expect(mine.status, `${name} ${url}`).toBe(200);
            expect(mine.headers['cache-control'], `${name} ${url}`).toBe('private, no-store');
            expect(mine.headers['x-shared-cache'], `${name} ${url}`).toBe('MISS');
          }
          expect(hits(url) - before, `${name} ${url}`).toBe(2);
          // ...then the visitor: the public answer (a cached copy from the second GET on), never theirs.
          const first = await open(visitor, url);
          const second = await open(visitor, url);
          for (const seen of [first, second]) {
            expect(seen.headers['cache-control'], `${name} ${url}`).toMatch(/^public, max-age=0, s-maxage=/);
            expect(seen.headers['set-cookie'], `${name} ${url}`).toBeUndefined();
          }
          expect(second.headers['x-shared-cache'], `${name} ${url}`).toBe('HIT');
        }
        await other.close();
      }

      // A form posted without JavaScript in one browser (the form's page, on the site's own origin, as
      // the stand-in site has no contact page); its outcome page, /blog here, is that browser's alone.
      const poster = await withCookie(undefined, false);
      await poster.route(`${edge}/__form`, (route) =>
        route.fulfill({
          contentType: 'text/html',
          body: `<form method="post" action="/forms/contact"><input name="firstName" value="Grace">
            <input name="lastName" value="Hopper"><input name="email" value="grace.varnish@cobol.example">
            <input name="company" value="Compiler Works"><input name="budget" value="25k-50k">
            <input name="goals" value="Two browsers through one shared cache"><input name="website" value="">
            <input name="from" value="/blog"><button type="submit">Send</button></form>`,
        }),
      );
      await open(visitor, '/blog');
      const page = await poster.newPage();
      await page.goto(`${edge}/__form`);
      const [outcome] = await Promise.all([
        page.waitForResponse((r) => new URL(r.url()).pathname === '/blog'),
        page.click('button'),
      ]);
      expect((await outcome.request().redirectedFrom()?.response())?.status()).toBe(303);
      expect((await outcome.allHeaders())['cache-control']).toBe('private, no-store');
      expect((await outcome.allHeaders())['x-shared-cache']).toBe('MISS');
      const after = await open(visitor, '/blog');
      expect(after.headers['cache-control']).toMatch(/^public, max-age=0, s-maxage=/);
      expect(after.headers['x-shared-cache']).toBe('HIT');
      expect((await visitor.cookies(edge)).map((c) => c.name)).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 60_000);

  it('only the origin may purge', async () => {
    // From the loopback it may (the ACL); the header is required.
    expect((await fetch(`${edge}/`, { method: 'PURGE' })).status).toBe(400);
  });

  it('serves stale copies while the origin is down (stale-if-error), past their s-maxage', async () => {
    const url = '/api/blog-posts?published=true';
    const fresh = await (await get(url)).text();
    origin.closeAllConnections();
    await new Promise((r) => origin.close(r));
    // Past s-maxage (3 s), and the health probe has marked the origin sick.
    await sleep(4500);
    const stale = await get(url);
    expect(stale.status).toBe(200);
    expect(await stale.text()).toBe(fresh);
    expect(Number(stale.headers.get('age'))).toBeGreaterThanOrEqual(3);
  }, 20_000);
});
