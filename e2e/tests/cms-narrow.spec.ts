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
