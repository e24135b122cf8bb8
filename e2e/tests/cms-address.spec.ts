import { expect, test } from '@playwright/test';
import { signIn, tab } from '../support/cms';

test('the CMS address follows the tab and the open item: a reload and Back stay in the CMS', async ({
  page,
}) => {
  await signIn(page);
  await tab(page, 'Blog').click();
  await expect(page).toHaveURL(/\/cms\?tab=blog$/);
  await tab(page, 'Pages').click();
  await expect(page).toHaveURL(/\/cms\?tab=pages$/);

  const first = page.getByRole('list', { name: 'Pages' }).getByRole('listitem').first();
  const title = (await first.getByRole('heading', { level: 3 }).textContent()) ?? '';
  await first.getByRole('button', { name: `Edit ${title}` }).click();
  const editor = page.getByRole('dialog', { name: 'Edit Page' });
  await expect(editor).toBeVisible();
  await expect(page).toHaveURL(/\/cms\?tab=pages&item=\d+$/);

  // A reload (or the link, shared) opens the same item in the same tab.
  await page.reload();
  await expect(editor.getByLabel('Page Title')).toHaveValue(title);
  // (The open editor hides the page behind it from assistive technology.)
  await expect(page.getByRole('tab', { name: 'Pages', exact: true, includeHidden: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );

  // Back closes the item, then goes to the tab before, never off the CMS.
  await page.goBack();
  await expect(page).toHaveURL(/\/cms\?tab=pages$/);
  await expect(editor).toHaveCount(0);
  await page.goBack();
  await expect(page).toHaveURL(/\/cms\?tab=blog$/);
  await expect(tab(page, 'Blog')).toHaveAttribute('aria-selected', 'true');
});
