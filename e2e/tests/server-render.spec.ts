import { expect, test, type Page } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openPage } from '../support/site';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Every public route (one item of each dynamic kind), with its heading and a line of its main text. */
const PAGES = [
  { path: '/', h1: 'Digital Performance, Distilled.', text: 'A Proven Four-Step Process' },
  { path: '/about', h1: 'Senior Expertise. Zero Bloat.', text: 'Results-Driven' },
  { path: '/services', h1: 'Full-Funnel Growth, Led by Senior Specialists', text: 'Audit & Analysis' },
  { path: '/services/seo', h1: 'SEO & Content', text: 'Get Your Free Strategy Session' },
  { path: '/case-studies', h1: 'Real Results for Real Businesses', text: 'Read Full Study' },
  {
    path: '/case-studies/outdoor-retailer-organic-growth',
    h1: 'How an Outdoor Retailer Grew Organic Revenue 312%',
    text: 'The Challenge',
  },
  { path: '/blog', h1: 'Insights That Drive Growth', text: 'Featured Article' },
  {
    path: '/blog/core-web-vitals-what-moves-rankings',
    h1: 'Core Web Vitals in 2025: What Actually Moves Rankings',
    text: 'About the Author',
  },
  { path: '/resources', h1: 'Free Marketing Resources', text: 'Resource Categories' },
  { path: '/contact', h1: "Let's Build Your Growth Plan", text: 'Book a Call' },
  { path: '/privacy', h1: 'Privacy Policy', text: 'Last updated' },
];

const blockScripts = (page: Page) => page.route(/\.m?js(\?|$)/, (route) => route.abort());

test.describe('server render', () => {
  for (const p of PAGES) {
    test(`${p.path}: heading and main text are in the page with every script blocked`, async ({ page }) => {
      await blockScripts(page);
      const response = await page.goto(p.path);
      expect(response?.status()).toBe(200);
      const main = page.getByRole('main');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(p.h1);
      await expect(main.getByText(p.text).first()).toBeVisible();
      // Header and footer are server-rendered too.
      await expect(
        page.getByRole('banner').getByRole('link', { name: 'Distilled Digital home' }),
      ).toBeVisible();
      await expect(page.getByRole('contentinfo')).toContainText('All rights reserved.');
    });
  }

  test('unknown paths and slugs are 404s, rendered as such without scripts', async ({ page }) => {
    await blockScripts(page);
    for (const [p, h1] of [
      ['/no/such/page', 'Page Not Found'],
      ['/blog/no-such-post', 'Article Not Found'],
      ['/case-studies/no-such-study', 'Case Study Not Found'],
      ['/services/no-such-service', 'Service Not Found'],
      ['/resources/999999/access', 'Resource Not Found'],
      ['/no-such-page', 'Page Not Found'],
    ] as const) {
      const response = await page.goto(p);
      expect(response?.status(), p).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(h1);
      // The title and the heading agree: the tab says what the page says is missing.
      await expect(page, p).toHaveTitle(`${h1} | Distilled Digital`);
    }
  });

  test('the page hydrates without a console error and navigates client-side', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    page.on('pageerror', (e) => errors.push(e.message));
    const apiCalls: string[] = [];
    page.on('request', (r) => r.url().includes('/api/') && apiCalls.push(new URL(r.url()).pathname));

    await openPage(page, '/');
    // Everything the page shows came with it: the browser fetched no data to hydrate.
    expect(apiCalls).toEqual([]);
    await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog' }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Insights That Drive Growth');
    await page.getByTestId('featured-article').getByRole('link').first().click();
    await expect(page).toHaveURL(/\/blog\/[a-z0-9-]+$/);
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Insights That Drive Growth');
    // Client-side navigation: still the same document.
    expect(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    expect(errors).toEqual([]);
  });
});

test("every server build loads and shares the host's one copy of each shared singleton", () => {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'api/src/site/render/check-server-builds.ts'], {
    cwd: ROOT,
    env: { ...process.env, RELEASES_DIR: process.env.E2E_RELEASES_DIR, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  expect(run.status, run.stdout + run.stderr).toBe(0);
  const found = JSON.parse(run.stdout) as {
    singletons: string[];
    remotes: Record<string, { loaded: boolean; modules: string[] }>;
  };
  expect(found.singletons).toEqual(
    expect.arrayContaining(['react', 'react-dom', '@tanstack/react-query', 'zustand', '@agency/ui/router']),
  );
  expect(found.remotes['mf_marketing']).toMatchObject({
    loaded: true,
    modules: expect.arrayContaining(['HomePage']),
  });
  expect(found.remotes['mf_content']).toMatchObject({
    loaded: true,
    modules: expect.arrayContaining(['BlogPage']),
  });
  expect(found.remotes['mf_contact']).toMatchObject({
    loaded: true,
    modules: expect.arrayContaining(['ContactForm']),
  });
});

test.describe('a remote whose server build is broken', () => {
  const releases = () => process.env.E2E_RELEASES_DIR!;
  const version = '9.9.9-brokenssr';
  test.afterEach(() => {
    rmSync(path.join(releases(), 'release-state.json'), { force: true });
    rmSync(path.join(releases(), 'mf-content', version), { recursive: true, force: true });
  });

  test('still yields a 200 page, with that region rendered in the browser', async ({ page, request }) => {
    // A release of mf-content: today's browser build, with a server build that throws when loaded.
    const dir = path.join(releases(), 'mf-content', version);
    mkdirSync(dir, { recursive: true });
    const dist = path.join(ROOT, 'mf-content', 'dist');
    cpSync(dist, dir, {
      recursive: true,
      // The server build's folder only (a browser chunk may be named server-… too).
      filter: (src) => path.relative(dist, src).split(path.sep)[0] !== 'server',
    });
    mkdirSync(path.join(dir, 'server'), { recursive: true });
    writeFileSync(path.join(dir, 'server', 'entry-server.js'), "throw new Error('broken server build');\n");
    writeFileSync(
      path.join(releases(), 'release-state.json'),
      JSON.stringify({ remotes: { mf_content: { current: version, history: [] } } }),
    );
    await page.waitForTimeout(1100); // the server re-reads the release state at most once a second

    const html = await request.get('/blog');
    expect(html.status()).toBe(200);
    const body = await html.text();
    expect(body).not.toContain('Insights That Drive Growth');
    expect(body).toContain('All rights reserved.'); // the shell is still server-rendered

    await openPage(page, '/blog');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Insights That Drive Growth');
    await expect(page.getByTestId('blog-card').first()).toBeVisible();

    // A post, whose page declares its head only in the browser here: it replaces the database head
    // the server wrote, so no tag is there twice.
    const post = await page.getByTestId('featured-article').getByRole('link').first().getAttribute('href');
    await openPage(page, post!);
    const heading = await page.getByRole('heading', { level: 1 }).textContent();
    await expect(page).toHaveTitle(`${heading} | Distilled Digital`);
    for (const selector of [
      'title',
      'link[rel="canonical"]',
      'meta[name="description"]',
      'meta[name="robots"]',
      'meta[property="og:title"]',
      'meta[property="og:image"]',
      'meta[property="article:published_time"]',
    ])
      await expect(page.locator(selector), selector).toHaveCount(1);
  });
});
