import { expect, test, type Browser, type Page } from '@playwright/test';
import { signIn, unique } from '../support/cms';
import { pressEscapeIn } from '../support/site';

/** A signed-in staff member in a browser context of their own. */
async function staffMember(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page);
  return { context, page };
}

/** Creates a page through the staff API of the signed-in `page` (same-site Origin on writes). */
async function createPage(page: Page, title: string) {
  const slug = unique('e2e-lost');
  const origin = new URL(page.url()).origin;
  const res = await page.request.post('/api/admin/pages', {
    headers: { Origin: origin },
    data: { name: title, slug, title, content: { body: 'Stored body.' } },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: number; slug: string };
}

const pagesList = (page: Page) => page.getByRole('list', { name: 'Pages' }).getByRole('listitem');

/** Reloads the CMS and opens the editor of the page at `/slug` (named `title`) from the Pages tab. */
async function openPageEditor(page: Page, slug: string, title: string) {
  await page.reload();
  await page.getByRole('tab', { name: 'Pages', exact: true }).click();
  await pagesList(page)
    .filter({ hasText: `/${slug}` })
    .getByRole('button', { name: `Edit ${title}` })
    .click();
  return page.getByRole('dialog', { name: 'Edit Page' });
}

test.describe('CMS: no work lost', () => {
  test('an invalid save keeps the dialog and the input and shows the error; nothing is sent', async ({
    page,
  }) => {
    await signIn(page);
    const writes: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/admin/pages') && r.method() !== 'GET') writes.push(r.method());
    });
    await page.getByRole('tab', { name: 'Pages', exact: true }).click();
    await page.getByRole('button', { name: 'Add New Page' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Page' });
    await dialog.getByLabel('Page Name').fill('About');
    // The slug is suggested from the name, and a site route's address is refused beside the field.
    await expect(dialog.getByLabel('URL Slug')).toHaveValue('about');
    await dialog.getByLabel('Page Title').fill('About us, again');
    const body = 'line one\nline two';
    await dialog.getByLabel('Page Content').fill(body);
    await dialog.getByRole('button', { name: 'Save Page' }).click();

    await expect(
      dialog.getByText('This address is used by the site itself; choose another slug'),
    ).toBeVisible();
    await expect(dialog.getByLabel('Page Content')).toHaveValue(body);
    expect(writes).toEqual([]);

    // A failed request keeps everything too, and says so in the dialog.
    const slug = unique('kept');
    await dialog.getByLabel('URL Slug').fill(slug);
    await dialog.getByLabel('Page Content').fill('Fixed body.');
    await page.route('**/api/admin/pages', (route) => route.abort('connectionreset'));
    await dialog.getByRole('button', { name: 'Save Page' }).click();
    await expect(dialog.getByRole('alert').filter({ hasText: 'Not saved' })).toContainText(
      'Your input is kept',
    );
    await expect(dialog.getByLabel('Page Title')).toHaveValue('About us, again');
    await expect(dialog.getByLabel('Page Content')).toHaveValue('Fixed body.');
    await page.unroute('**/api/admin/pages');
    await dialog.getByRole('button', { name: 'Save Page' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(pagesList(page).filter({ hasText: `/${slug}` })).toContainText('About us, again');
  });

  test('Escape, Cancel and the close button ask before discarding changes; focus returns to the opener', async ({
    page,
  }) => {
    await signIn(page);
    await page.getByRole('tab', { name: 'Pages', exact: true }).click();
    const add = page.getByRole('button', { name: 'Add New Page' });
    const dialog = page.getByRole('dialog', { name: 'New Page' });
    const confirm = page.getByRole('alertdialog', { name: 'Discard unsaved changes?' });

    // Untouched: Escape closes at once, and the keyboard is back on the button that opened it.
    await add.focus();
    await page.keyboard.press('Enter');
    await pressEscapeIn(dialog);
    await expect(dialog).toHaveCount(0);
    await expect(add).toBeFocused();

    await add.click();
    await dialog.getByLabel('Page Title').fill('Half-written title');
    await pressEscapeIn(dialog);
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Keep editing' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(dialog.getByLabel('Page Title')).toHaveValue('Half-written title');

    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await pressEscapeIn(confirm);
    await expect(confirm).toHaveCount(0);
    await expect(dialog.getByLabel('Page Title')).toHaveValue('Half-written title');

    await dialog.getByRole('button', { name: 'Close' }).click();
    await confirm.getByRole('button', { name: 'Discard changes' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(add).toBeFocused();
  });

  test('a reload or a tab switch with unsaved changes asks first', async ({ page }) => {
    await signIn(page);
    await page.getByRole('tab', { name: 'Settings', exact: true }).click();
    const siteName = page.getByLabel('Site Name');
    await siteName.fill('Unsaved name');
    await page.getByRole('tab', { name: 'Pages', exact: true }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Discard unsaved changes?' });
    await confirm.getByRole('button', { name: 'Keep editing' }).click();
    // Focus handed back to the tab strip neither switches tabs nor asks again.
    await expect(page.getByRole('tab', { name: 'Pages', exact: true })).toBeFocused();
    await expect(confirm).toHaveCount(0);
    await expect(page.getByRole('tab', { name: 'Settings', exact: true })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(siteName).toHaveValue('Unsaved name');

    let asked = '';
    page.once('dialog', (d) => {
      asked = d.type();
      void d.accept();
    });
    await page.reload();
    expect(asked).toBe('beforeunload');
  });

  // Issue 41 defect 11: Save always closed the dialog. Ctrl+S saves and keeps editing, twice in a row.
  test('Ctrl+S saves and keeps the editor open; the next save goes on from the stored version', async ({
    page,
  }) => {
    await signIn(page);
    const created = await createPage(page, 'Kept open');
    const edit = await openPageEditor(page, created.slug, 'Kept open');

    await edit.getByLabel('Meta Title').fill('First meta');
    await edit.getByLabel('Meta Title').press('Control+s');
    const saved = page
      .getByRole('region', { name: /^Notifications/ })
      .locator('li')
      .filter({ hasText: '"Kept open" was saved.' });
    await expect(saved).toBeVisible();
    await expect(edit).toBeVisible();
    // The toast covers none of what is pressed next: the dialog's Save, the header's Logout, the tabs.
    const toastBox = (await saved.boundingBox())!;
    for (const control of [
      edit.getByRole('button', { name: 'Save Page' }),
      // Behind the open dialog, hidden from the accessibility tree but still on screen.
      page.getByRole('button', { name: 'Logout', includeHidden: true }),
      page.getByRole('tablist', { name: 'Content sections', includeHidden: true }),
    ]) {
      const box = (await control.boundingBox())!;
      const apart =
        toastBox.x + toastBox.width <= box.x ||
        box.x + box.width <= toastBox.x ||
        toastBox.y + toastBox.height <= box.y ||
        box.y + box.height <= toastBox.y;
      expect(apart, `the toast covers ${await control.textContent()}`).toBe(true);
    }
    await edit.getByLabel('Meta Title').fill('Second meta');
    await edit.getByLabel('Page Title').press('Control+s');
    await expect
      .poll(async () => (await (await page.request.get(`/api/admin/pages/${created.id}`)).json()).metaTitle)
      .toBe('Second meta');
    // The editor has the answer (its Save reads "Save Page" again, not "Saving..."): nothing unsaved
    // is left, so Cancel closes without asking.
    await expect(edit.getByRole('button', { name: 'Save Page' })).toBeEnabled();
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await expect(edit).toHaveCount(0);
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
  });

  test('two staff edit one page: the later save gets the conflict, a copy of its text, and a reload', async ({
    browser,
  }) => {
    const a = await staffMember(browser);
    const b = await staffMember(browser);
    try {
      const created = await createPage(a.page, 'Shared page');
      const editA = await openPageEditor(a.page, created.slug, 'Shared page');
      const editB = await openPageEditor(b.page, created.slug, 'Shared page');

      await editA.getByLabel('Page Title').fill('Title by A');
      await editA.getByRole('button', { name: 'Save Page' }).click();
      await expect(editA).toHaveCount(0);

      await editB.getByLabel('Meta Title').fill('Meta by B');
      await editB.getByRole('button', { name: 'Save Page' }).click();
      await expect(editB.getByRole('alert').filter({ hasText: 'changed by someone else' })).toBeVisible();
      const copy = editB.getByLabel('Your unsaved version (copy what you need)');
      await expect(copy).toHaveValue(/metaTitle: Meta by B/);
      await expect(editB.getByLabel('Page Title')).toHaveValue('Shared page');

      await editB.getByRole('button', { name: 'Reload current version' }).click();
      await expect(editB.getByLabel('Page Title')).toHaveValue('Title by A');
      await expect(copy).toHaveValue(/metaTitle: Meta by B/);
      await editB.getByLabel('Meta Title').fill('Meta by B');
      await editB.getByRole('button', { name: 'Save Page' }).click();
      await expect(editB).toHaveCount(0);

      const stored = await (await b.page.request.get(`/api/admin/pages/${created.id}`)).json();
      expect(stored).toMatchObject({ title: 'Title by A', metaTitle: 'Meta by B' });
    } finally {
      await a.context.close();
      await b.context.close();
    }
  });
});
