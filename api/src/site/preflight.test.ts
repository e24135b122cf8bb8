import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LEGACY_REMOTE_PAGES,
  PAGES_FORMAT,
  type PreflightRefusal,
  type PreflightReport,
  type ReleaseSwitchAnswer,
} from '@agency/contracts';
import { createTestApp } from '../test-support/test-app';
import { writeFiles } from '../test-support/stand-in-site';
import { STAFF_PASSWORD, signIn, staffClient } from '../admin/admin-test-support';
import { ADMIN, createAccount, signInAs } from '../admin/staff-test-support';
import { blogPosts } from '../db/schema';
import { comparePages } from './preflight';
import { visibleRows } from '../content/visibility';

/**
 * The preflight of a promote (issue 40 item 3), through the CMS's Releases API on the seeded site:
 * mf-content's live release and three stored ones, stand-in server builds whose every page (all of
 * mf-content's modules) says which build rendered it. `throws` throws for one published blog post,
 * `headless` drops the main heading of /case-studies, `good` renders every page as the live one does.
 */
const LIVE = '1.0.0-live000001';
const THROWS = '1.1.0-throws0001';
const HEADLESS = '1.1.0-headless01';
const GOOD = '1.2.0-good000001';
/** Adds /webinars/:slug (a page of its own, listing the blog posts), which throws for one post. */
const WEBINARS = '1.3.0-webinars01';
/** Throws for one post the first time only (a render that failed once, as on a busy machine). */
const ONCE = '1.4.0-failsonce1';

const SHARES = 'export const sharedSingletons = { react: (globalThis.__hostReact ??= {}) };';
/** The shell renders mf-content's page for any address under <main>; a page that throws makes the render throw. */
const SHELL = `${SHARES}
export async function render(req) {
  const remote = req.remotes.mf_content;
  if (!remote) return { html: '<main><h1>rendered-in-browser</h1></main>', state: {}, rendered: [], leftToBrowser: [], problems: [] };
  const html = await remote.modules.BlogPage(req.url);
  return { html: '<main>' + html + '</main>', state: {}, rendered: ['mf_content'], leftToBrowser: [], problems: [] };
}`;
const MODULES = [
  'CaseStudiesPage',
  'CaseStudyDetailPage',
  'BlogPage',
  'BlogPostPage',
  'ResourcesPage',
  'ResourceAccessPage',
  'CmsPage',
];
function build(marker: string, page: string): Record<string, string> {
  return {
    'remoteEntry.js': `// ${marker}`,
    'server/entry-server.js': `${SHARES}
const page = ${page};
export const modules = { ${MODULES.map((m) => `${m}: page`).join(', ')} };`,
  };
}
const prefixed = (prefix: string, files: Record<string, string>) =>
  Object.fromEntries(Object.entries(files).map(([k, v]) => [`${prefix}/${k}`, v]));

describe('Preflight before a promote', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let owner: ReturnType<typeof staffClient>;
  let badPost: string;
  const promote = (client: ReturnType<typeof staffClient>, body: object) =>
    client.post('/api/admin/releases/mf-content/promote').send(body);
  const live = async () =>
    (
      (await request(t.app).get('/remotes-manifest.json').expect(200)).body as {
        remotes: { mf_content: { entry: string } };
      }
    ).remotes.mf_content.entry;

  beforeAll(async () => {
    const site = mkdtempSync(path.join(tmpdir(), 'preflight-site-'));
    const releases = mkdtempSync(path.join(tmpdir(), 'preflight-releases-'));
    t = await createTestApp({
      seed: true,
      env: { SITE_ROOT: site, RELEASES_DIR: releases, ADMIN_PASSWORD: STAFF_PASSWORD },
    });
    const slugs = (
      await t.db
        .select({ slug: blogPosts.slug })
        .from(blogPosts)
        .where(visibleRows(t.context.clock, blogPosts))
        .orderBy(asc(blogPosts.id))
    ).map((r) => r.slug);
    expect(slugs.length).toBeGreaterThan(2);
    badPost = slugs[1]!;
    writeFiles(site, {
      'shell/dist/index.html':
        '<!doctype html><html lang="en"><head><title>Generic</title></head><body><div id="root"></div></body></html>',
      'shell/dist/server/entry-server.js': SHELL,
      'shell/dist/server/shared-modules.json': '{}',
    });
    writeFiles(releases, {
      ...prefixed(`mf-content/${LIVE}`, build('live', `(url) => '<h1>live ' + url + '</h1>'`)),
      ...prefixed(
        `mf-content/${THROWS}`,
        build(
          'throws',
          `(url) => { if (url === '/blog/${badPost}') throw new Error('Cannot read properties of undefined (reading "author")'); return '<h1>throws ' + url + '</h1>'; }`,
        ),
      ),
      ...prefixed(
        `mf-content/${HEADLESS}`,
        build(
          'headless',
          `(url) => url === '/case-studies' ? '<p>no heading</p>' : '<h1>headless ' + url + '</h1>'`,
        ),
      ),
      ...prefixed(`mf-content/${GOOD}`, build('good', `(url) => '<h1>good ' + url + '</h1>'`)),
      ...prefixed(
        `mf-content/${ONCE}`,
        build(
          'once',
          `((failed) => (url) => { if (url === '/blog/${badPost}' && !failed) { failed = true; throw new Error('slow data'); } return '<h1>once ' + url + '</h1>'; })(false)`,
        ),
      ),
      ...prefixed(`mf-content/${WEBINARS}`, {
        ...build(
          'webinars',
          `(url) => { if (url === '/webinars/${badPost}') throw new Error('no such webinar'); return '<h1>webinars ' + url + '</h1>'; }`,
        ),
        'pages.json': JSON.stringify({
          format: PAGES_FORMAT,
          pages: [
            ...LEGACY_REMOTE_PAGES.mf_content,
            {
              id: 'webinar',
              path: '/webinars/:slug',
              module: 'BlogPage',
              kind: 'static',
              layout: 'site',
              sitemap: { items: 'blog-posts' },
            },
          ],
        }),
      }),
      'release-state.json': JSON.stringify({ remotes: { mf_content: { current: LIVE, history: [] } } }),
    });
    owner = staffClient(t.app, await signIn(t.app));
  }, 60_000);
  afterAll(() => t.close());

  it('blocks a release whose page throws for one published item, naming it; nothing switches', async () => {
    const res = await promote(owner, { version: THROWS }).expect(409);
    const body = res.body as PreflightRefusal;
    expect(body.code).toBe('PREFLIGHT_FAILED');
    expect(body.message).toBe(
      `Preflight failed: 1 of ${body.preflight.checked} pages of mf-content ${THROWS} render worse than on ${LIVE}. The owner can promote it anyway.`,
    );
    expect(body.preflight).toMatchObject({
      remote: 'mf-content',
      version: THROWS,
      live: LIVE,
      passed: false,
      failed: 1,
    });
    // Every fixed page of mf-content and every published post, case study and CMS page were rendered.
    const paths = body.preflight.pages.map((p) => p.path);
    expect(paths).toEqual(
      expect.arrayContaining(['/blog', '/case-studies', '/resources', `/blog/${badPost}`]),
    );
    expect(paths.filter((p) => p.startsWith('/blog/')).length).toBeGreaterThan(2);
    const failing = body.preflight.pages.filter((p) => p.problems.length);
    expect(failing).toEqual([
      {
        path: `/blog/${badPost}`,
        route: 'blog-post',
        liveStatus: 200,
        stagedStatus: 200,
        problems: ['render threw: Cannot read properties of undefined (reading "author")'],
      },
    ]);
    expect(await live()).toBe(`/releases/mf-content/${LIVE}/remoteEntry.js`);
    // A canary is a switch too: refused the same way.
    expect((await promote(owner, { version: THROWS, percent: 10 }).expect(409)).body.code).toBe(
      'PREFLIGHT_FAILED',
    );
    expect((await owner.get('/api/admin/releases').expect(200)).body[1]).toMatchObject({
      live: LIVE,
      canary: null,
    });
    // Refusals are not switches: the audit has no row of them.
    expect((await owner.get('/api/admin/audit?type=mf-content').expect(200)).body).toEqual([]);
  });

  it('blocks a release that drops a page’s main heading', async () => {
    const body = (await promote(owner, { version: HEADLESS }).expect(409)).body as PreflightRefusal;
    expect(body.preflight.pages.filter((p) => p.problems.length)).toEqual([
      {
        path: '/case-studies',
        route: 'case-studies',
        liveStatus: 200,
        stagedStatus: 200,
        problems: ['no main heading (<h1>)'],
      },
    ]);
  });

  it('checks each item a new parameterised page lists (its sitemap items), the one that throws named', async () => {
    const body = (await promote(owner, { version: WEBINARS }).expect(409)).body as PreflightRefusal;
    const webinars = body.preflight.pages.filter((p) => p.route === 'webinar');
    expect(webinars.length).toBeGreaterThan(2);
    expect(webinars.map((p) => p.path)).toContain(`/webinars/${badPost}`);
    // A page the live version does not serve (404 there) is the release's new page, not a worse one.
    expect(body.preflight.pages.filter((p) => p.problems.length)).toEqual([
      expect.objectContaining({
        path: `/webinars/${badPost}`,
        route: 'webinar',
        problems: ['render threw: no such webinar'],
      }),
    ]);
    expect(await live()).toBe(`/releases/mf-content/${LIVE}/remoteEntry.js`);
  });

  it('a page the release adds (404 on the live version, 200 on the staged one) is not a changed status', () => {
    const page = (status: number) => ({ status, heading: true, problems: [] });
    expect(comparePages(page(404), page(200))).toEqual([]);
    expect(comparePages(page(200), page(404))).toEqual(['status changed from 200 to 404']);
    expect(comparePages(page(404), page(500))).toEqual(['server error 500']);
  });

  it('lets only the owner promote past a failed preflight, and the audit says so', async () => {
    await createAccount(owner, ADMIN, 'admin');
    const admin = staffClient(t.app, await signInAs(t.app, ADMIN.email, ADMIN.password));
    expect((await promote(admin, { version: THROWS, force: true }).expect(403)).body.message).toBe(
      'Only the owner can promote a release past a failed preflight.',
    );
    expect(await live()).toBe(`/releases/mf-content/${LIVE}/remoteEntry.js`);

    const forced = (await promote(owner, { version: THROWS, force: true }).expect(200))
      .body as ReleaseSwitchAnswer;
    expect(forced.message).toBe(`Promoted mf-content ${THROWS} (was ${LIVE})`);
    expect(forced.preflight).toMatchObject({ passed: false, failed: 1 });
    expect(await live()).toBe(`/releases/mf-content/${THROWS}/remoteEntry.js`);
    const [row] = (await owner.get('/api/admin/audit?type=mf-content').expect(200)).body as {
      action: string;
      actorName: string;
      summary: string;
    }[];
    expect(row).toMatchObject({
      action: 'release.promote',
      actorName: 'Owner',
      summary: `Promoted mf-content ${THROWS} (was ${LIVE}), forced past a failed preflight (1 of ${forced.preflight!.checked} pages: /blog/${badPost})`,
    });
    await owner.post('/api/admin/releases/mf-content/rollback').send({}).expect(200);
    expect(await live()).toBe(`/releases/mf-content/${LIVE}/remoteEntry.js`);
  });

  it('promotes a release whose pages all render as the live ones, as before, with its report', async () => {
    const res = (await promote(owner, { version: GOOD }).expect(200)).body as ReleaseSwitchAnswer;
    expect(res.message).toBe(`Promoted mf-content ${GOOD} (was ${LIVE})`);
    const report = res.preflight as PreflightReport;
    expect(report).toMatchObject({ passed: true, failed: 0, live: LIVE });
    expect(report.checked).toBe(report.pages.length);
    expect(report.pages.every((p) => p.liveStatus === 200 && p.stagedStatus === 200)).toBe(true);
    expect(await live()).toBe(`/releases/mf-content/${GOOD}/remoteEntry.js`);
    expect((await request(t.app).get('/blog').expect(200)).text).toContain('<h1>good /blog</h1>');
  });

  it('a page that fails once and then renders is checked again and does not block', async () => {
    const res = (await promote(owner, { version: ONCE }).expect(200)).body as ReleaseSwitchAnswer;
    expect(res.preflight).toMatchObject({ passed: true, failed: 0 });
    expect(res.preflight!.pages.find((p) => p.path === `/blog/${badPost}`)).toMatchObject({ problems: [] });
    expect(await live()).toBe(`/releases/mf-content/${ONCE}/remoteEntry.js`);
  });
});
