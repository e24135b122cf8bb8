import { expect, type Browser, type Locator, type Page } from '@playwright/test';

/**
 * Opens a route and waits until it is live: server-rendered HTML hydrated (or, without a server render,
 * the remote rendered) and no loading skeleton in the page.
 */
export async function openPage(page: Page, path: string) {
  const response = await page.goto(path);
  await expect(page.locator('html[data-hydrated]')).toBeAttached({ timeout: 15_000 });
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
  return response;
}

/**
 * Goes to `path` by client-side navigation from another page, so the browser itself fetches the
 * page's data: what the browser's API mocks (page.route) change, and the loading and error states of
 * a navigation, show. A first load gets its data from the server render instead.
 */
export async function openClientSide(page: Page, path: string, from = '/about') {
  await openPage(page, from);
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL((url) => url.pathname + url.search === path);
}

/** A unique, valid e-mail address per call. */
export const uniqueEmail = (prefix = 'visitor') =>
  `${prefix}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;

/**
 * What an anonymous visitor (a fresh browser context: no staff cookie, so no drafts) sees at a path;
 * `check` also gets the HTTP status of the first load.
 */
export async function asVisitor<T>(
  browser: Browser,
  path: string,
  check: (page: Page, status: number) => Promise<T>,
): Promise<T> {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    const response = await openPage(page, path);
    return await check(page, response?.status() ?? 0);
  } finally {
    await context.close();
  }
}

/**
 * Presses Escape in an open dialog once the keyboard is inside it, as a person does after seeing it
 * open. A modal registers its Escape handler as it mounts, a frame after it shows: an Escape sent the
 * moment it is visible can reach the layer below it instead.
 */
export async function pressEscapeIn(dialog: Locator) {
  await expect.poll(() => dialog.evaluate((el) => el.contains(el.ownerDocument.activeElement))).toBe(true);
  await dialog.page().keyboard.press('Escape');
}

/**
 * The footer's newsletter band once its code is live. The band is deferred (its code loads when it
 * nears the viewport); a click before that posts the form without JavaScript, which works but shows
 * no toast. Tests of the scripted path scroll to it and wait for it to be live.
 */
export async function liveNewsletterBand(page: Page) {
  const band = page.locator('#newsletter');
  await band.scrollIntoViewIfNeeded();
  await expect(band.locator('[data-deferred="live"]')).toBeAttached({ timeout: 15_000 });
  return band;
}
