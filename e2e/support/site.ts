import { expect, type Page } from '@playwright/test';

/** Opens a route and waits until its remote has rendered (no loading skeleton of the shell). */
export async function openPage(page: Page, path: string) {
  const response = await page.goto(path);
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
  return response;
}

/** A unique, valid e-mail address per call. */
export const uniqueEmail = (prefix = 'visitor') =>
  `${prefix}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
