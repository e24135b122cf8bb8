import { expect, test } from '@playwright/test';
import { signIn, staffApi, unique } from '../support/cms';
import { asVisitor, openPage } from '../support/site';

// Issue 41: a live item edited without going live. Its changes wait in a draft that visitors do not
// see, staff preview on the site, and Publish now sends live. A CMS page: no other spec counts them.
test.describe('CMS: drafts of live items', () => {
  test('Save draft keeps the live page as it is; staff preview the draft; Publish now sends it live', async ({
    page,
    browser,
    baseURL,
  }) => {
    const slug = unique('live-draft');
    const name = `Live page ${slug}`;
    const title = `Live title ${slug}`;
    const revised = `Revised title ${slug}`;
    const staff = await staffApi(baseURL);
    const created = await staff.post('/api/admin/pages', {
      data: { name, slug, title, content: { body: 'The published body.' }, published: true },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const heading = (p: typeof page) => p.getByRole('heading', { level: 1 });
    // The list names a page by its title: the live one until the draft goes live.
    const editOf = (named: string) => page.getByRole('button', { name: `Edit ${named}`, exact: true });
    const listed = (named: string) =>
      page
        .getByRole('list', { name: 'Pages' })
        .getByRole('listitem')
        .filter({ has: editOf(named) });
    const toast = (text: string) =>
      page
        .getByRole('region', { name: /^Notifications/ })
        .locator('li')
        .filter({ hasText: text });

    try {
      await signIn(page);
      await page.getByRole('tab', { name: 'Pages', exact: true }).click();
      await editOf(title).click();
      const edit = page.getByRole('dialog', { name: 'Edit Page' });
      await edit.getByLabel('Page Title').fill(revised);
      await edit.getByRole('button', { name: 'Save draft' }).click();
      await expect(
        toast(`"${title}" was saved as a draft. Visitors still see the published version.`),
      ).toBeVisible();
      await expect(edit).toHaveCount(0);
      await expect(listed(title)).toContainText('Draft pending');

      // Visitors: the published page, unchanged.
      await asVisitor(browser, `/${slug}`, async (visitor, status) => {
        expect(status).toBe(200);
        await expect(heading(visitor)).toHaveText(title);
      });
      // Staff preview: the draft, on the site's page, under the banner.
      const preview = await page.context().newPage();
      await openPage(preview, `/${slug}?preview`);
      await expect(heading(preview)).toHaveText(revised);
      await expect(preview.getByText('Preview: not public')).toBeVisible();
      await preview.close();

      // Opened again, the editor shows the draft and says so; Publish now sends it live.
      await editOf(title).click();
      await expect(edit.getByLabel('Page Title')).toHaveValue(revised);
      const banner = edit.getByRole('status').filter({ hasText: 'This page has unpublished changes' });
      await expect(banner).toContainText('Visitors see the published version until you publish them.');
      await banner.getByRole('button', { name: 'Publish now' }).click();
      await expect(toast(`"${revised}" is live with the draft's changes.`)).toBeVisible();
      await expect(edit).toHaveCount(0);
      await expect(listed(revised)).toBeVisible();
      await expect(listed(revised)).not.toContainText('Draft pending');

      await asVisitor(browser, `/${slug}`, async (visitor) => {
        await expect(heading(visitor)).toHaveText(revised);
      });
    } finally {
      await staff.delete(`/api/admin/pages/${id}`);
      await staff.dispose();
    }
  });
});
