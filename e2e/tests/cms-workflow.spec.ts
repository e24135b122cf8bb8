import { expect, test } from '@playwright/test';
import { answerConfirmation, signIn, tab, unique, writeBlogPost } from '../support/cms';
import { asVisitor } from '../support/site';

test.describe('CMS publishing workflow', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test('preview an unsaved edit of a draft, then bulk publish and bulk trash', async ({ page, browser }) => {
    // Two posts made through the editor, a preview tab and four visitor pages: more than the default budget.
    test.slow();
    const run = unique('flow');
    const slugs = [`${run}-a`, `${run}-b`];
    const titles = [`Flow A ${run.slice(-6)}`, `Flow B ${run.slice(-6)}`];
    await tab(page, 'Blog').click();
    await writeBlogPost(page, { slug: slugs[0]!, title: titles[0]! });
    await writeBlogPost(page, { slug: slugs[1]!, title: titles[1]! });

    // Preview: the editor's unsaved title, on the public page, under the banner.
    await page.getByRole('button', { name: `Edit ${titles[0]}` }).click();
    const editor = page.getByRole('dialog', { name: 'Edit Blog Post' });
    const unsaved = `Unsaved ${run.slice(-6)}`;
    await editor.getByLabel('Title').fill(unsaved);
    const popup = page.waitForEvent('popup');
    await editor.getByRole('button', { name: 'Preview page' }).click();
    const preview = await popup;
    await expect(preview.getByRole('status').filter({ hasText: 'Preview: not public' })).toBeVisible();
    await expect(preview.getByRole('heading', { level: 1, name: unsaved })).toBeVisible();
    expect(new URL(preview.url()).pathname).toBe(`/blog/${slugs[0]}`);
    // Still the preview once the page has hydrated.
    await preview.waitForLoadState('networkidle');
    await expect(preview.getByRole('heading', { level: 1, name: unsaved })).toBeVisible();
    await preview.close();
    await editor.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Discard changes' }).click();
    await expect(editor).toHaveCount(0);
    // Nobody else sees the draft, not even at the preview's address.
    for (const path of [`/blog/${slugs[0]}`, `/blog/${slugs[0]}?preview`]) {
      await asVisitor(browser, path, async (p, status) => {
        expect(status).toBe(404);
        await expect(p.getByRole('heading', { level: 1, name: 'Article Not Found' })).toBeVisible();
        await expect(p.getByText(unsaved)).toHaveCount(0);
      });
    }

    // Bulk publish the two drafts (found by search), then bulk move them to the trash.
    await page.getByRole('searchbox', { name: 'Search' }).fill(run);
    const list = page.getByRole('list', { name: 'Blog' });
    await expect(list.getByRole('listitem')).toHaveCount(2);
    const bar = page.getByRole('toolbar', { name: 'Bulk actions' });
    await bar.getByRole('checkbox', { name: 'Select all' }).check();
    await expect(bar).toContainText('2 selected');
    await bar.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(page.getByText('2 blog posts published', { exact: true })).toBeVisible();
    await expect(list.getByRole('listitem').filter({ hasText: 'Published' })).toHaveCount(2);
    await asVisitor(browser, `/blog/${slugs[1]}`, async (p) => {
      await expect(p.getByRole('heading', { level: 1, name: titles[1] })).toBeVisible();
    });

    await bar.getByRole('checkbox', { name: 'Select all' }).check();
    await bar.getByRole('button', { name: 'Move to trash' }).click();
    await expect(page.getByRole('alertdialog')).toContainText(
      'You can restore them from the Trash tab for 30 days.',
    );
    await answerConfirmation(page, 'Move 2 blog posts to the trash?', 'Move to trash');
    await expect(page.getByText('2 blog posts moved to the trash', { exact: true })).toBeVisible();
    await expect(list.getByRole('listitem')).toHaveCount(0);
    // A trashed post's address is Gone until it is restored (issue 41).
    await asVisitor(browser, `/blog/${slugs[1]}`, async (_p, status) => {
      expect(status).toBe(410);
    });
  });

  test('a lead is marked handled and leaves the open leads', async ({ page }) => {
    const email = `${unique('handled')}@example.com`;
    expect((await page.request.post('/api/newsletter', { data: { email } })).ok()).toBe(true);
    await tab(page, 'Leads').click();
    await page.getByRole('radio', { name: 'Newsletter' }).click();
    await page.getByLabel('Search leads').fill(email);
    const row = page.getByRole('row').filter({ hasText: email });
    await expect(row).toContainText('Open');
    await row.getByRole('button', { name: `Mark handled: ${email}` }).click();
    await expect(page.getByText('1 lead marked handled', { exact: true })).toBeVisible();
    await expect(row).toContainText('Handled');
    await page.getByRole('combobox', { name: 'Status' }).selectOption('open');
    await expect(page.getByText('No leads match your search.', { exact: true })).toBeVisible();
    await page.getByRole('combobox', { name: 'Status' }).selectOption('handled');
    await expect(row).toContainText('Handled');
  });
});
