import { expect, test } from '@playwright/test';
import { signIn, tab } from '../support/cms';

/** Issue 25 item 8: at 390 px the edit dialogs' History and Save buttons fit, each label on one line. */

test('at 390 px a blog post edit dialog shows History and Save Blog Post whole, on one line each', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page);
  await tab(page, 'Blog').click();
  await page
    .getByRole('button', { name: /^Edit / })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: 'Edit Blog Post' });
  const box = (await dialog.boundingBox())!;
  for (const name of ['History', 'Save Blog Post', 'Cancel']) {
    const button = dialog.getByRole('button', { name, exact: true });
    await button.scrollIntoViewIfNeeded();
    const b = (await button.boundingBox())!;
    expect(b.x, name).toBeGreaterThanOrEqual(box.x);
    expect(b.x + b.width, name).toBeLessThanOrEqual(Math.min(box.x + box.width, 390) + 0.5);
    // One line of text: the button keeps its single-line height.
    expect(b.height, name).toBeLessThanOrEqual(48);
    const fits = await button.evaluate((el) => el.scrollWidth <= el.clientWidth);
    expect(fits, name).toBe(true);
  }
});

/** Issue 41, defect 12: at 1280 px the last tab was cut off at the edge of the strip. */
test('at 1280 px every CMS tab is whole on screen; at 390 px the header does not widen the page', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page);
  const strip = page.getByRole('tablist', { name: 'Content sections' });
  const tabs = strip.getByRole('tab');
  const names = await tabs.allTextContents();
  expect(names).toContain('Settings');
  for (let i = 0; i < names.length; i++) {
    const b = (await tabs.nth(i).boundingBox())!;
    expect(b.x, names[i]).toBeGreaterThanOrEqual(0);
    expect(b.x + b.width, names[i]).toBeLessThanOrEqual(1280);
    const whole = await tabs.nth(i).evaluate((el) => {
      const box = el.getBoundingClientRect();
      const list = el.parentElement!.parentElement!.getBoundingClientRect();
      return box.left >= list.left - 0.5 && box.right <= list.right + 0.5;
    });
    expect(whole, names[i]).toBe(true);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
