import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEGACY_REMOTE_PAGES, PAGES_FORMAT, type RemotePage } from '@agency/contracts';
import { createTestApp } from '../../test-support/test-app';
import { standInBuild, standInSite, writeFiles } from '../../test-support/stand-in-site';
import { diskReleaseStore } from '../../releases/disk-release-store';
import { releaseControl } from '../../releases/release-control';
import { blogPosts, caseStudies } from '../../db/schema';
import { visibleRows } from '../../content/visibility';

/**
 * The sitemap lists the items of the pages that declare them (`sitemap: { items }` in a remote's
 * pages.ts, published in pages.json): every published item of that content type at the page's own
 * path, from the current release of each remote. On the seeded site, with stand-in builds of mf-content.
 */
const ORIGIN = 'https://www.example-agency.com';

/** A build of mf-content publishing `pages` (format: today's pages.json; null: one from before sitemap items). */
function buildWith(
  marker: string,
  pages: readonly RemotePage[] | undefined,
  format: number | null = PAGES_FORMAT,
) {
  const dir = mkdtempSync(path.join(tmpdir(), 'sitemap-build-'));
  writeFiles(dir, {
    ...standInBuild(marker),
    ...(pages ? { 'pages.json': JSON.stringify(format === null ? { pages } : { format, pages }) } : {}),
  });
  return dir;
}

/** mf-content's pages with the blog post page changed by `change`. */
const withBlogPost = (change: (page: RemotePage) => RemotePage) =>
  LEGACY_REMOTE_PAGES.mf_content.map((p) => (p.id === 'blog-post' ? change(p) : p));

describe('sitemap items declared by the remotes’ pages', () => {
  const releases = mkdtempSync(path.join(tmpdir(), 'sitemap-releases-'));
  const store = diskReleaseStore(releases);
  const control = releaseControl(store, { siteRoot: standInSite('sitemap') });
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let posts: string[];
  let studies: string[];
  let n = 0;

  const sitemap = async () => (await request(t.app).get('/sitemap.xml').expect(200)).text;
  const locs = (xml: string) =>
    [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!.slice(ORIGIN.length));
  /** Releases mf-content with this build and answers the sitemap's paths once the site serves it. */
  async function releaseAndList(dir: string, expectPath: string) {
    await control.release({ remote: 'mf_content', version: `1.0.${++n}-aaaaaaaaaa`, gitCommit: 'test', dir });
    await expect.poll(async () => locs(await sitemap())).toContain(expectPath);
    return locs(await sitemap());
  }

  beforeAll(async () => {
    t = await createTestApp({
      seed: true,
      env: { SITE_ROOT: standInSite('sitemap'), RELEASES_DIR: releases, PUBLIC_URL: ORIGIN },
    });
    const slugsOf = async (table: typeof blogPosts | typeof caseStudies) =>
      (await t.db.select({ slug: table.slug }).from(table).where(visibleRows(t.context.clock, table))).map(
        (r) => r.slug,
      );
    posts = await slugsOf(blogPosts);
    studies = await slugsOf(caseStudies);
    expect(posts.length).toBeGreaterThan(1);
    expect(studies.length).toBeGreaterThan(1);
  });
  afterAll(async () => {
    store.stop();
    await t.close();
  });

  it('lists each published item at the path of the page that declares it', async () => {
    const paths = await releaseAndList(buildWith('today', LEGACY_REMOTE_PAGES.mf_content), '/blog');
    for (const slug of posts) expect(paths).toContain(`/blog/${slug}`);
    for (const slug of studies) expect(paths).toContain(`/case-studies/${slug}`);
    // Each once, and no draft (the seeded drafts are not visible rows).
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths.filter((p) => p.startsWith('/blog/'))).toHaveLength(posts.length);
  });

  it('a page that declares no sitemap items lists none', async () => {
    const none = withBlogPost(({ sitemap: _dropped, ...p }) => p);
    const paths = await releaseAndList(buildWith('unlisted', none), `/case-studies/${studies[0]}`);
    expect(paths.filter((p) => p.startsWith('/blog/'))).toEqual([]);
    expect(paths).toContain('/blog');
  });

  it('releases built before sitemap items (pages.json without a format, or none at all) list their items as before', async () => {
    const old = LEGACY_REMOTE_PAGES.mf_content.map(({ sitemap: _dropped, ...p }) => p);
    let paths = await releaseAndList(buildWith('before-items', old, null), `/blog/${posts[0]}`);
    for (const slug of posts) expect(paths).toContain(`/blog/${slug}`);
    // Leave /blog/… for a moment, so the next release is seen listing them again.
    await releaseAndList(
      buildWith(
        'unlisted-again',
        withBlogPost(({ sitemap: _d, ...p }) => p),
      ),
      '/blog',
    );
    await expect.poll(async () => locs(await sitemap()).some((p) => p.startsWith('/blog/'))).toBe(false);
    paths = await releaseAndList(buildWith('before-pages', undefined), `/blog/${posts[0]}`);
    for (const slug of posts) expect(paths).toContain(`/blog/${slug}`);
    for (const slug of studies) expect(paths).toContain(`/case-studies/${slug}`);
  });

  it('a page moved by its release lists its items at its new path only', async () => {
    const moved = withBlogPost((p) => ({ ...p, path: '/articles/:slug', movedFrom: ['/blog/:slug'] }));
    const paths = await releaseAndList(buildWith('articles', moved), `/articles/${posts[0]}`);
    for (const slug of posts) expect(paths).toContain(`/articles/${slug}`);
    expect(paths.filter((p) => p.startsWith('/blog/'))).toEqual([]);
    // The other pages keep theirs.
    for (const slug of studies) expect(paths).toContain(`/case-studies/${slug}`);
  });
});
