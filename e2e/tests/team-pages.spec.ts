import { expect, request, test } from '@playwright/test';
import {
  CAREERS_HEADING,
  clearReleases,
  releaseContactClaimingBlog,
  releaseMarketingWithCareers,
  runScript,
} from '../support/releases';
import { openPage } from '../support/site';

/**
 * Issue 40: a team adds a page to its remote and releases that remote alone; the shell, the API and
 * the other remotes are not rebuilt. Rolled back, the page is gone everywhere.
 */
test.describe('a page added by a remote’s release', () => {
  test.describe.configure({ timeout: 300_000 });
  test.afterAll(clearReleases);

  test('routed, server-rendered with its head, in the sitemap and the footer; a rollback removes it', async ({
    page,
    baseURL,
  }) => {
    const visitor = await request.newContext({ baseURL });
    // The live mf-marketing as it is, then the release that adds /careers.
    const live = runScript('release.mjs', 'mf-marketing');
    expect(live.status, live.output).toBe(0);
    expect((await visitor.get('/careers')).status()).toBe(404);

    const added = releaseMarketingWithCareers();
    expect(added.status, added.output).toBe(0);
    expect(added.output).toMatch(/Released mf-marketing \S+/);

    // A first load: the server's HTML has the page, its head and the footer link, before any script.
    const first = await visitor.get('/careers');
    expect(first.status()).toBe(200);
    const html = await first.text();
    expect(html).toContain(CAREERS_HEADING);
    expect(html).toMatch(/<title>Careers \| [^<]+<\/title>/);
    expect(html).toContain('Join a senior, data-driven marketing team.');
    expect(html).toMatch(/<a[^>]*href="\/careers"[^>]*>Careers<\/a>/);
    expect(await (await visitor.get('/sitemap.xml')).text()).toContain('/careers</loc>');

    // A client-side navigation from another page, by the footer's link.
    await openPage(page, '/about');
    const company = page.getByRole('contentinfo').getByRole('navigation', { name: 'Company' });
    await company.getByRole('link', { name: 'Careers' }).click();
    await expect(page).toHaveURL(/\/careers$/);
    await expect(page.getByRole('heading', { level: 1, name: CAREERS_HEADING })).toBeVisible();
    await expect(page).toHaveTitle(/^Careers \| /);

    // Rolled back: the address is nobody's page again, the link and the sitemap entry are gone.
    const back = runScript('rollback.mjs', 'mf-marketing');
    expect(back.status, back.output).toBe(0);
    expect((await visitor.get('/careers')).status()).toBe(404);
    expect(await (await visitor.get('/sitemap.xml')).text()).not.toContain('/careers</loc>');
    await openPage(page, '/about');
    await expect(company.getByRole('link', { name: 'Careers' })).toHaveCount(0);
    await visitor.dispose();
  });

  test('a release whose page claims an address another remote serves is refused, naming both owners', async ({
    baseURL,
  }) => {
    const r = releaseContactClaimingBlog('--staged');
    expect(r.status, r.output).toBe(1);
    expect(r.output).toContain('Release of mf-contact refused');
    expect(r.output).toContain('/blog/:slug (page contact-blog) is already served by mf-content');
    // Nothing was stored: the blog is mf-content's as before.
    const visitor = await request.newContext({ baseURL });
    expect((await visitor.get('/blog')).status()).toBe(200);
    await visitor.dispose();
  });
});
