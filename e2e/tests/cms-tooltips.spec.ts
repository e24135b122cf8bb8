import { expect, test } from '@playwright/test';
import { STAFF_PASSWORD as PASSWORD } from '../support/cms';

test('editor toolbar buttons show their name in a tooltip after the open delay, not at once', async ({
  page,
}) => {
  await page.goto('/cms');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('tab', { name: 'Pages', exact: true }).click();
  await page.getByRole('button', { name: 'Add New Page' }).click();
  const bold = page.getByRole('dialog', { name: 'New Page' }).getByRole('button', { name: 'Bold' });
  await bold.hover();
  // Well inside the 700 ms open delay: nothing yet.
  await page.waitForTimeout(250);
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  await expect(page.getByRole('tooltip')).toHaveText('Bold');
});
