import { expect, test } from '@playwright/test';
import { openPage } from '../support/site';

/** The footer's copyright year: the spec's constant. */
const YEAR = 2024;

const NAV = ['Services', 'About', 'Case Studies', 'Blog', 'Resources'];

test.describe('shell layout', () => {
  test('header shows the wordmark, the five links in order and Get Started', async ({ page }) => {
    await openPage(page, '/contact');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link')).toHaveText(NAV);
    await expect(nav.getByRole('link', { name: 'Services' })).toHaveAttribute('href', '/services');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Get Started' })).toHaveAttribute(
      'href',
      '/contact',
    );
    await page.getByRole('banner').getByRole('link', { name: 'Distilled Digital home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('a nav link is highlighted when the path starts with its path', async ({ page }) => {
    await openPage(page, '/services/seo');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Services' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
    await nav.getByRole('link', { name: 'Blog' }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(nav.getByRole('link', { name: 'Blog' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Services' })).not.toHaveAttribute('aria-current', 'page');
    await openPage(page, '/');
    await expect(nav.locator('[aria-current="page"]')).toHaveCount(0);
  });

  test('footer has the newsletter band, service, company and social links and the 2024 copyright', async ({
    page,
  }) => {
    await openPage(page, '/contact');
    const footer = page.getByRole('contentinfo');
    await expect(footer.locator('#newsletter')).toBeVisible();
    const services = footer.getByRole('navigation', { name: 'Services' }).getByRole('link');
    await expect(services).toHaveCount(6);
    const hrefs = await services.evaluateAll((els) => els.map((e) => e.getAttribute('href')));
    expect(hrefs).toEqual([
      '/services/seo',
      '/services/paid-media',
      '/services/data-science',
      '/services/ai-automations',
      '/services/shopify',
      '/services/web-design',
    ]);
    const company = await footer
      .getByRole('navigation', { name: 'Company' })
      .getByRole('link')
      .evaluateAll((els) => els.map((e) => e.getAttribute('href')));
    expect(company).toEqual(['/about', '/case-studies', '/blog', '/resources', '/contact', '/privacy']);
    const social = footer.getByRole('list', { name: 'Social media' }).getByRole('link');
    await expect(social).toHaveCount(4);
    for (const link of await social.all()) {
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    await expect(footer).toContainText(`© ${YEAR}`);
  });

  test('mobile drawer at 375 px: opens from the right, traps focus, closes by link, Close and Escape', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await openPage(page, '/contact');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    const menu = page.getByRole('button', { name: 'Open menu' });
    await menu.click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    const box = await drawer.boundingBox();
    expect(box && Math.round(box.x + box.width)).toBe(375);
    await expect(drawer.getByRole('link')).toHaveText([...NAV, 'Get Started']);
    // Focus stays inside the drawer while tabbing.
    for (let i = 0; i < 10; i++) {
      await page.keyboard.press('Tab');
      expect(await drawer.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    await menu.click();
    await drawer.getByRole('button', { name: 'Close' }).click();
    await expect(drawer).toBeHidden();

    await menu.click();
    await drawer.getByRole('link', { name: 'About' }).click();
    await expect(drawer).toBeHidden();
    await expect(page).toHaveURL(/\/about$/);
  });

  test('unknown paths show Page Not Found with HTTP status 404', async ({ page }) => {
    const res = await page.goto('/this/does/not/exist');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    const single = await page.goto('/no-such-page-here');
    expect(single?.status()).toBe(404);
    await expect(page.getByText('Page Not Found')).toBeVisible();
  });

  test('a missing asset is a plain 404, not the shell', async ({ request }) => {
    const res = await request.get('/assets/nope-123.js');
    expect(res.status()).toBe(404);
    expect(await res.text()).not.toContain('<div id="root">');
  });
});

test.describe('runtime composition', () => {
  test('a remote that fails to load is contained; header, footer and other remotes keep working; Retry recovers', async ({
    page,
  }) => {
    await page.route('**/remotes/mf-contact/remoteEntry.js', (route) =>
      route.fulfill({ status: 404, body: 'gone' }),
    );
    const reported = page.waitForRequest(
      (r) => r.url().endsWith('/api/client-errors') && r.method() === 'POST',
    );
    await page.goto('/contact');
    const failure = page.locator('main').getByRole('alert').filter({ hasText: 'temporarily unavailable' });
    await expect(failure).toBeVisible();
    // The failure reached the server, with the remote, its version and the route.
    const report = await reported;
    expect(report.postDataJSON()).toMatchObject({
      remote: 'mf_contact',
      version: 'local',
      route: '/contact',
      kind: 'load',
    });
    expect((await report.response())?.status()).toBe(204);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText(`© ${YEAR}`);
    // The remote comes back: Retry renders it in place, without a reload.
    await page.unroute('**/remotes/mf-contact/remoteEntry.js');
    await failure.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText("Let's Build Your Growth Plan");
  });

  test('while one remote is down, navigation reaches pages of the other remotes', async ({ page }) => {
    await page.route('**/remotes/mf-contact/remoteEntry.js', (route) => route.abort('connectionrefused'));
    await page.goto('/contact');
    await expect(page.locator('main').getByRole('button', { name: 'Retry' })).toBeVisible();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.locator('main h1')).toBeVisible();
    await expect(page.locator('main').getByRole('button', { name: 'Retry' })).toHaveCount(0);
    // Back up: going to the page again loads it again (a failed load is not remembered).
    await page.unroute('**/remotes/mf-contact/remoteEntry.js');
    await page.getByRole('link', { name: 'Get Started' }).first().click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText("Let's Build Your Growth Plan");
  });

  test('a remote that throws while rendering is contained', async ({ page }) => {
    // Serve a remote module that throws on render, as a broken deployment would.
    await page.route('**/remotes/mf-contact/assets/contact-page-*.js', (route) =>
      route.fulfill({
        contentType: 'text/javascript',
        body: 'export function ContactPage(){ throw new Error("boom"); } export default ContactPage;',
      }),
    );
    const reported = page.waitForRequest((r) => r.url().endsWith('/api/client-errors'));
    await page.goto('/contact');
    await expect(page.locator('main').getByRole('button', { name: 'Retry' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    expect((await reported).postDataJSON()).toMatchObject({
      remote: 'mf_contact',
      kind: 'render',
      message: 'boom',
    });
  });

  test('exactly one copy of React runs and is downloaded, across shell and remotes', async ({ page }) => {
    await page.addInitScript(() => {
      const renderers = new Map<number, unknown>();
      (window as unknown as Record<string, unknown>).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
        renderers,
        supportsFiber: true,
        isDisabled: false,
        inject(r: unknown) {
          renderers.set(renderers.size + 1, r);
          return renderers.size;
        },
        onCommitFiberRoot() {},
        onCommitFiberUnmount() {},
        onPostCommitFiberRoot() {},
        onScheduleFiberRoot() {},
        checkDCE() {},
      };
    });
    const reactCoreFiles = new Set<string>();
    page.on('response', async (res) => {
      if (!res.url().endsWith('.js')) return;
      const body = await res.text().catch(() => '');
      if (/__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE\s*=[^=]/.test(body))
        reactCoreFiles.add(res.url());
    });
    await openPage(page, '/contact'); // shell + mf-contact (page and footer signup)
    await openPage(page, '/about'); // mf-marketing
    await page.waitForLoadState('networkidle');
    const rendererCount = await page.evaluate(
      () =>
        (window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: { renderers: Map<number, unknown> } })
          .__REACT_DEVTOOLS_GLOBAL_HOOK__.renderers.size,
    );
    expect(rendererCount).toBe(1);
    expect([...reactCoreFiles]).toHaveLength(1);
  });
});
