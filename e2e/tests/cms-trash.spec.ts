import { expect, test, type Page } from '@playwright/test';
import { answerConfirmation, signIn, tab, unique } from '../support/cms';
import { asVisitor } from '../support/site';

async function createPage(
  page: Page,
  slug: string,
  title: string,
  extra?: (dialog: ReturnType<Page['getByRole']>) => Promise<void>,
) {
  await tab(page, 'Pages').click();
  await page.getByRole('button', { name: 'Add New Page' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Page' });
  await dialog.getByLabel('Page Name').fill(title);
  await dialog.getByLabel('URL Slug').fill(slug);
  await dialog.getByLabel('Page Title').fill(title);
  await dialog.getByRole('switch', { name: 'Published' }).click();
  await extra?.(dialog);
  await dialog.getByRole('button', { name: 'Save Page' }).click();
  await expect(dialog).toHaveCount(0);
  return page
    .getByRole('list', { name: 'Pages' })
    .getByRole('listitem')
    .filter({ hasText: `/${slug}` });
}

test.describe('CMS trash and scheduling', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test('a deleted page goes to the trash, leaves the site, and comes back with Restore', async ({
    page,
    browser,
  }) => {
    const slug = unique('trash');
    const title = `Trash me ${slug.slice(-4)}`;
    const row = await createPage(page, slug, title);
    await expect(row).toContainText('Published');

    await row.getByRole('button', { name: `Delete ${title}` }).click();
    await expect(page.getByRole('alertdialog')).toContainText(
      'You can restore it from the Trash tab for 30 days.',
    );
    await answerConfirmation(page, `Move the page "${title}" to the trash?`, 'Move to trash');
    await expect(row).toHaveCount(0);
    await asVisitor(browser, `/${slug}`, async (p) => {
      await expect(p.getByText('Page Not Found')).toBeVisible();
    });

    await tab(page, 'Trash').click();
    const trashed = page
      .getByRole('list', { name: 'Trash' })
      .getByRole('listitem')
      .filter({ hasText: title });
    await expect(trashed).toContainText('Page');
    await trashed.getByRole('button', { name: `Restore ${title}` }).click();
    await expect(trashed).toHaveCount(0);

    await tab(page, 'Pages').click();
    await expect(row).toContainText('Published');
    await asVisitor(browser, `/${slug}`, async (p) => {
      await expect(p.getByRole('heading', { level: 1, name: title })).toBeVisible();
    });

    // Delete forever asks, then the item is gone from the trash for good.
    await row.getByRole('button', { name: `Delete ${title}` }).click();
    await answerConfirmation(page, `Move the page "${title}" to the trash?`, 'Move to trash');
    await expect(row).toHaveCount(0);
    await tab(page, 'Trash').click();
    await trashed.getByRole('button', { name: `Delete ${title} forever` }).click();
    await expect(page.getByRole('alertdialog')).toContainText('This cannot be undone.');
    await answerConfirmation(page, `Delete the page "${title}" forever?`, 'Delete forever');
    await expect(trashed).toHaveCount(0);
  });

  test('a page with a future publish date is listed as Scheduled and stays off the site', async ({
    page,
    browser,
  }) => {
    const slug = unique('later');
    const title = `Later ${slug.slice(-4)}`;
    const row = await createPage(page, slug, title, async (dialog) => {
      await dialog.getByLabel('Publish Date').fill('2099-01-05T09:00:00');
    });
    await expect(row).toContainText('Scheduled: January 5, 2099');
    await asVisitor(browser, `/${slug}`, async (p) => {
      await expect(p.getByText('Page Not Found')).toBeVisible();
    });
  });
});
