import { expect, test } from '@playwright/test';
import { signIn, staffApi, tab, unique } from '../support/cms';

// Issue 41: what an editor met in the CMS's first week, in a browser (defects 2, 5 and 7).
test.describe('CMS: a team running it all week', () => {
  test("a colleague's saves reach an open list within seconds; Edit opens the item as saved and saves it", async ({
    page,
    baseURL,
  }) => {
    await signIn(page);
    await tab(page, 'Pages').click();
    const pagesList = page.getByRole('list', { name: 'Pages' });
    await expect(pagesList).toBeVisible();

    // A colleague, in another browser, creates a page and then renames it.
    const colleague = await staffApi(baseURL);
    const slug = unique('live-list');
    try {
      const created = await colleague.post('/api/admin/pages', {
        data: { name: `Colleague page ${slug}`, slug, title: `First title ${slug}`, content: { body: 'x' } },
      });
      expect(created.status(), await created.text()).toBe(201);
      const stored = (await created.json()) as Record<string, unknown>;
      // No reload: the open list hears the write.
      await expect(pagesList.getByText(`First title ${slug}`)).toBeVisible({ timeout: 10_000 });

      const { id, createdAt: _c, updatedAt: _u, ...values } = stored;
      const renamed = await colleague.put(`/api/admin/pages/${String(id)}`, {
        data: { ...values, title: `Renamed ${slug}` },
      });
      expect(renamed.status(), await renamed.text()).toBe(200);
      await expect(pagesList.getByText(`Renamed ${slug}`)).toBeVisible({ timeout: 10_000 });

      // Edit opens what the colleague stored, so this save is no conflict.
      await page.getByRole('button', { name: `Edit Renamed ${slug}`, exact: true }).click();
      const edit = page.getByRole('dialog', { name: 'Edit Page' });
      await expect(edit.getByLabel('Page Title')).toHaveValue(`Renamed ${slug}`);
      await edit.getByLabel('Meta Title').fill('Edited after the rename');
      await edit.getByRole('button', { name: 'Save Page' }).click();
      await expect(
        page
          .getByRole('region', { name: /^Notifications/ })
          .locator('li')
          .filter({ hasText: `"Renamed ${slug}" was saved.` }),
      ).toBeVisible();
      await expect(edit).toHaveCount(0);
      const saved = (await (await colleague.get(`/api/admin/pages/${String(id)}`)).json()) as {
        metaTitle: string;
      };
      expect(saved.metaTitle).toBe('Edited after the rename');
      await colleague.delete(`/api/admin/pages/${String(id)}`);
    } finally {
      await colleague.dispose();
    }
  });

  test('Enter continues a bulleted or numbered list, and Enter on an empty item ends it', async ({
    page,
  }) => {
    await signIn(page);
    await tab(page, 'Pages').click();
    await page.getByRole('button', { name: 'Add New Page' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Page' });
    const editor = dialog.getByLabel('Page Content');
    await editor.click();
    await editor.pressSequentially('- first');
    await editor.press('Enter');
    await editor.pressSequentially('second');
    await expect(editor).toHaveValue('- first\n- second');
    await editor.press('Enter');
    await editor.press('Enter');
    await expect(editor).toHaveValue('- first\n- second\n');
    await editor.pressSequentially('9. nine');
    await editor.press('Enter');
    await editor.pressSequentially('ten');
    await expect(editor).toHaveValue('- first\n- second\n9. nine\n10. ten');

    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page
      .getByRole('alertdialog', { name: 'Discard unsaved changes?' })
      .getByRole('button', { name: 'Discard changes' })
      .click();
    await expect(dialog).toHaveCount(0);
  });

  test.describe('at 390 px', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test("the Staff tab keeps the page 390 px wide with every account's controls on screen; the Audit shows what was done", async ({
      page,
      baseURL,
    }) => {
      const admin = await staffApi(baseURL);
      const who = unique('narrow');
      const email = `${who}@example.com`;
      try {
        const made = await admin.post('/api/admin/users', {
          data: { email, name: who, role: 'editor', password: 'a-long-enough-password-41' },
        });
        expect(made.status(), await made.text()).toBe(201);
      } finally {
        await admin.dispose();
      }
      await signIn(page);
      await tab(page, 'Staff').click();
      const row = page.getByRole('row').filter({ hasText: email });
      await expect(row).toBeVisible();
      const width = () => page.evaluate(() => document.documentElement.scrollWidth);
      expect(await width()).toBeLessThanOrEqual(390);
      for (const name of ['Set-password link', 'New password', 'Disable']) {
        const box = (await row.getByRole('button', { name }).boundingBox())!;
        expect(box.x, name).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, name).toBeLessThanOrEqual(390);
      }

      await tab(page, 'Audit').click();
      const entry = page.getByTestId('audit-row').filter({ hasText: who }).first();
      await expect(entry).toBeVisible();
      // When, who, what and which: each on screen, not only When and Who.
      const cells = entry.getByRole('cell');
      await expect(cells).toHaveCount(5);
      for (let i = 0; i < 4; i++) {
        const cell = cells.nth(i);
        await expect(cell).toBeVisible();
        const box = (await cell.boundingBox())!;
        expect(box.x + box.width, `cell ${i}`).toBeLessThanOrEqual(390);
      }
      expect(await width()).toBeLessThanOrEqual(390);
    });
  });
});
