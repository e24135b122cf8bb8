import { expect, test, type Page } from '@playwright/test';
import { openPage } from '../support/site';

// Issue 23, item 1: the mobile menu works from the first paint (a `popover` the browser runs), before
// and without JavaScript; after hydration it keeps the spec's behaviour without a hydration mismatch.
const NAV = ['Services', 'About', 'Case Studies', 'Blog', 'Resources'];
const PHONE = { width: 375, height: 740 };

const drawerOf = (page: Page) => page.getByRole('dialog', { name: 'Menu' });

async function expectOpenDrawer(page: Page) {
  const drawer = drawerOf(page);
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('link')).toHaveText([...NAV, 'Get Started']);
  const box = await drawer.boundingBox();
  expect(box && Math.round(box.x + box.width)).toBe(PHONE.width);
}

test.describe('mobile menu without JavaScript', () => {
  test.use({ javaScriptEnabled: false, viewport: PHONE });

  test('the drawer opens with the five links and Get Started, and closes', async ({ page }) => {
    await page.goto('/contact');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const menu = page.getByRole('button', { name: 'Open menu' });
    await expect(drawerOf(page)).toBeHidden();

    await menu.click();
    await expectOpenDrawer(page);
    await drawerOf(page).getByRole('button', { name: 'Close' }).click();
    await expect(drawerOf(page)).toBeHidden();

    await menu.click();
    await expectOpenDrawer(page);
    await page.keyboard.press('Escape');
    await expect(drawerOf(page)).toBeHidden();

    // A link is an ordinary link: the next page arrives with the drawer shut.
    await menu.click();
    await drawerOf(page).getByRole('link', { name: 'About' }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(drawerOf(page)).toBeHidden();
  });
});

test.describe('mobile menu before the scripts arrive', () => {
  test.use({ viewport: PHONE });

  test('the first tap opens the drawer while every script is held back', async ({ page }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let heldBack = 0;
    await page.route(/\.m?js(\?|$)/, async (route) => {
      heldBack++;
      await held;
      await route.continue().catch(() => {});
    });
    await page.goto('/', { waitUntil: 'commit' });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expectOpenDrawer(page);
    // Nothing of the app has run yet: the scripts are still waiting.
    expect(heldBack).toBeGreaterThan(0);
    await expect(page.locator('html[data-hydrated]')).toHaveCount(0);

    // Once they arrive the page hydrates around the open drawer, and the drawer behaves as the spec says.
    release();
    await expect(page.locator('html[data-hydrated]')).toBeAttached({ timeout: 20_000 });
    await expect(drawerOf(page)).toBeVisible();
    await drawerOf(page).getByRole('link', { name: 'Blog' }).click();
    await expect(drawerOf(page)).toBeHidden();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});

test.describe('mobile menu after hydration', () => {
  test.use({ viewport: PHONE });

  for (const path of ['/', '/contact', '/blog']) {
    test(`${path} hydrates with no hydration warning, even with the drawer opened before`, async ({
      page,
    }) => {
      const warnings: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error' || m.type() === 'warning') {
          if (/hydrat|did not match|recoverable error/i.test(m.text())) warnings.push(m.text());
        }
      });
      page.on('pageerror', (e) => warnings.push(e.message));
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\.m?js(\?|$)/, async (route) => {
        await held;
        await route.continue().catch(() => {});
      });
      await page.goto(path, { waitUntil: 'commit' });
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect(drawerOf(page)).toBeVisible();
      release();
      await expect(page.locator('html[data-hydrated]')).toBeAttached({ timeout: 20_000 });
      await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
      // Late regions (the footer's newsletter, home's contact section) load once the browser is idle:
      // judge the console only after their code has arrived (no request for 500 ms) and has run.
      await page.waitForLoadState('networkidle');
      await page.evaluate(() => new Promise((r) => requestIdleCallback(r, { timeout: 3000 })));
      expect(warnings).toEqual([]);
    });
  }

  test('opening moves focus into the drawer; Close and Escape put it back on the menu button', async ({
    page,
  }) => {
    await openPage(page, '/blog');
    const menu = page.getByRole('button', { name: 'Open menu' });
    await menu.click();
    const drawer = drawerOf(page);
    await expect(drawer.getByRole('button', { name: 'Close' })).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    expect(await drawer.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(menu).toBeFocused();

    await menu.click();
    await drawer.getByRole('button', { name: 'Close' }).click();
    await expect(drawer).toBeHidden();
    await expect(menu).toBeFocused();
  });
});
