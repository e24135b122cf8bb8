import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEGACY_REMOTE_PAGES, type RemotePage } from '@agency/contracts';
import { createTestApp } from '../test-support/test-app';
import { standInBuild, standInSite, writeFiles } from '../test-support/stand-in-site';
import { STAFF_PASSWORD, signIn, staffClient } from '../admin/admin-test-support';
import { diskReleaseStore } from '../releases/disk-release-store';
import { releaseControl } from '../releases/release-control';
import { ReleaseError } from '../releases/release-policy';
import { pages as cmsPages } from '../db/schema';
import { cmsPagePathsOf } from '../content/cms-page-paths';

/**
 * A remote's release brings its own pages (pages.json beside its entry): routed, rendered with the
 * head it declares, in the sitemap and the navigation, reserved for CMS slugs; rolled back, gone.
 * Stand-in builds (test-support/stand-in-site.ts); the real builds are released by the e2e suite.
 */
const WEBINARS: RemotePage = {
  id: 'webinars',
  path: '/webinars',
  module: 'WebinarsPage',
  kind: 'static',
  layout: 'site',
  label: 'Webinars',
  head: { title: 'Webinars', description: 'Live sessions with our strategists.' },
  inSitemap: true,
  nav: { footer: 6 },
};

/** A build folder of mf-content (or `remote`'s folder) whose pages.json lists `pages`. */
function buildWith(marker: string, pages: readonly RemotePage[] | undefined) {
  const dir = mkdtempSync(path.join(tmpdir(), 'pages-build-'));
  writeFiles(dir, {
    ...standInBuild(marker),
    ...(pages ? { 'pages.json': JSON.stringify({ pages }) } : {}),
  });
  return dir;
}

const manifestRoutes = (html: string) =>
  (
    JSON.parse(/id="remotes-manifest">([^<]*)<\/script>/.exec(html)![1]!) as {
      routes?: { path: string; remote: string }[];
    }
  ).routes ?? [];

describe('pages from a remote release', () => {
  const releases = mkdtempSync(path.join(tmpdir(), 'pages-releases-'));
  const site = standInSite('pages');
  const store = diskReleaseStore(releases);
  const control = releaseControl(store, { siteRoot: site });
  let t: Awaited<ReturnType<typeof createTestApp>>;

  /** Asks until the page answers `status` (the app follows the state file; no fixed delay). */
  async function until(pagePath: string, status: number) {
    let res = await request(t.app).get(pagePath);
    for (let i = 0; i < 100 && res.status !== status; i++) {
      await new Promise((r) => setTimeout(r, 50));
      res = await request(t.app).get(pagePath);
    }
    return res;
  }

  beforeAll(async () => {
    // The live mf-content before the page: its pages as they are (a rollback comes back here).
    await control.release({
      remote: 'mf_content',
      version: '1.0.0-0000000000',
      gitCommit: 'test',
      dir: buildWith('base', LEGACY_REMOTE_PAGES.mf_content),
    });
    t = await createTestApp({
      env: { SITE_ROOT: site, RELEASES_DIR: releases, ADMIN_PASSWORD: STAFF_PASSWORD },
    });
  });
  afterAll(async () => {
    store.stop();
    await t.close();
  });

  it('before the release, /webinars is nobody’s page: 404, not in the sitemap', async () => {
    await request(t.app).get('/webinars').expect(404);
    expect((await request(t.app).get('/sitemap.xml').expect(200)).text).not.toContain('/webinars');
  });

  it('released with mf-content alone: routed, rendered with its head, in the sitemap and the table, reserved for CMS pages', async () => {
    const pages = [...LEGACY_REMOTE_PAGES.mf_content, WEBINARS];
    await control.release({
      remote: 'mf_content',
      version: '1.1.0-aaaaaaaaaa',
      gitCommit: 'test',
      dir: buildWith('webinars', pages),
    });
    const res = await until('/webinars', 200);
    expect(res.status).toBe(200);
    expect(res.text).toContain('<h1>webinars</h1>');
    expect(res.text).toMatch(/<title>Webinars \| [^<]+<\/title>/);
    expect(res.text).toContain('Live sessions with our strategists.');
    // The browser composes the same table: the page is there, the catch-all CMS page still last.
    const routes = manifestRoutes(res.text);
    expect(routes.find((r) => r.path === '/webinars')).toMatchObject({ remote: 'mf_content' });
    expect(routes.at(-1)?.path).toBe('/:slug');
    const manifest = (await request(t.app).get('/remotes-manifest.json').expect(200)).body as {
      routes: { path: string }[];
    };
    expect(manifest.routes.map((r) => r.path)).toContain('/webinars');
    expect((await request(t.app).get('/sitemap.xml').expect(200)).text).toContain('/webinars</loc>');

    const staff = staffClient(t.app, await signIn(t.app));
    const refused = await staff
      .post('/api/admin/pages')
      .send({ name: 'Webinars', slug: 'webinars', title: 'Webinars', content: { body: 'x' } })
      .expect(400);
    expect(JSON.stringify(refused.body)).toContain(
      'This address is used by the site itself; choose another slug',
    );
  });

  it('a release claiming a path another remote serves is refused, naming both owners; nothing switches', async () => {
    const claim = { ...WEBINARS, id: 'contact-webinars', module: 'ContactPage' };
    const attempt = control.release({
      remote: 'mf_contact',
      version: '2.0.0-bbbbbbbbbb',
      gitCommit: 'test',
      dir: buildWith('contact', [...LEGACY_REMOTE_PAGES.mf_contact, claim]),
    });
    await expect(attempt).rejects.toThrow(ReleaseError);
    await expect(attempt).rejects.toThrow(
      /mf-contact refused[\s\S]*\/webinars \(page contact-webinars\) is already served by mf-content/,
    );
    expect((await store.list('mf_contact')).live).toBeNull();
  });

  it('a release whose pages.json has a page the site would leave out is refused, naming it; nothing switches', async () => {
    const mistyped = { ...WEBINARS, id: 'webinar', path: '/webinars/:slug', sitemap: { items: 'webinarz' } };
    const attempt = control.release({
      remote: 'mf_content',
      version: '1.3.0-dddddddddd',
      gitCommit: 'test',
      dir: buildWith('mistyped', [...LEGACY_REMOTE_PAGES.mf_content, mistyped as unknown as RemotePage]),
    });
    await expect(attempt).rejects.toThrow(ReleaseError);
    await expect(attempt).rejects.toThrow(
      /mf-content refused: the site would leave out pages of its build[\s\S]*\/webinars\/:slug/,
    );
    const after = await store.list('mf_content');
    expect(after.live).not.toBe('1.3.0-dddddddddd');
    expect(JSON.stringify(after)).not.toContain('1.3.0-dddddddddd');
  });

  it('a release claiming the address of a published CMS page is refused', async () => {
    await t.db
      .insert(cmsPages)
      .values({ name: 'Events', slug: 'events', title: 'Events', content: { body: 'x' }, published: true });
    const events = { ...WEBINARS, id: 'events', path: '/events' };
    const withCms = releaseControl(store, { siteRoot: site, cmsPagePaths: () => cmsPagePathsOf(t.context) });
    await expect(
      withCms.release({
        remote: 'mf_content',
        version: '1.2.0-cccccccccc',
        gitCommit: 'test',
        dir: buildWith('events', [...LEGACY_REMOTE_PAGES.mf_content, events]),
      }),
    ).rejects.toThrow(/\/events \(page events\) is a published CMS page/);
  });

  it('a page with items moved without a redirect is refused; with movedFrom its old addresses answer 301', async () => {
    const moved = (movedFrom?: string[]) =>
      LEGACY_REMOTE_PAGES.mf_content.map((p) =>
        p.id === 'blog-post' ? { ...p, path: '/articles/:slug', ...(movedFrom ? { movedFrom } : {}) } : p,
      );
    await expect(
      control.release({
        remote: 'mf_content',
        version: '1.3.0-eeeeeeeeee',
        gitCommit: 'test',
        dir: buildWith('articles', moved()),
      }),
    ).rejects.toThrow(/\/blog\/:slug \(page blog-post\) would stop answering for its published items/);

    await control.release({
      remote: 'mf_content',
      version: '1.3.1-ffffffffff',
      gitCommit: 'test',
      dir: buildWith('articles', [...moved(['/blog/:slug']), WEBINARS]),
    });
    const res = await until('/blog/spring-launch?utm_source=x', 301);
    expect(res.headers['location']).toBe('/articles/spring-launch?utm_source=x');
    await request(t.app).get('/articles/spring-launch').expect(404);
    // Rolled back to the release before: the blog posts are at /blog/:slug again.
    await control.rollback('mf_content', 'test');
    expect((await until('/blog/spring-launch', 404)).status).toBe(404);
  });

  it('rolled back: the page is gone everywhere (404, sitemap, table)', async () => {
    await control.rollback('mf_content', 'test');
    const res = await until('/webinars', 404);
    expect(res.status).toBe(404);
    expect((await request(t.app).get('/sitemap.xml').expect(200)).text).not.toContain('/webinars');
    const manifest = (await request(t.app).get('/remotes-manifest.json').expect(200)).body as {
      routes: { path: string }[];
    };
    expect(manifest.routes.map((r) => r.path)).not.toContain('/webinars');
  });

  it('a release built before pages.json serves the pages its remote had', async () => {
    await control.release({
      remote: 'mf_content',
      version: '1.0.0-dddddddddd',
      gitCommit: 'test',
      dir: buildWith('old', undefined),
    });
    const res = await until('/blog', 200);
    expect(res.text).toContain('<h1>old</h1>');
    const manifest = (await request(t.app).get('/remotes-manifest.json').expect(200)).body as {
      routes: { path: string; remote: string }[];
    };
    expect(manifest.routes.filter((r) => r.remote === 'mf_content').map((r) => r.path)).toEqual(
      expect.arrayContaining(LEGACY_REMOTE_PAGES.mf_content.map((p) => p.path)),
    );
  });
});
