import { expect, test } from '@playwright/test';
import { moveToTrash, signIn, tab, unique, writeBlogPost } from '../support/cms';
import { asVisitor } from '../support/site';

test('CMS history: a blog post title edit shows in History and restoring the earlier version puts the old title back on the site', async ({
  page,
  browser,
}) => {
  await signIn(page);
  const slug = unique('history');
  const before = `Before ${slug.slice(-6)}`;
  const after = `After ${slug.slice(-6)}`;

  await tab(page, 'Blog').click();
  await writeBlogPost(page, { slug, title: before, published: true });

  await page.getByRole('button', { name: `Edit ${before}` }).click();
  const editor = page.getByRole('dialog', { name: 'Edit Blog Post' });
  await editor.getByLabel('Title').fill(after);
  await editor.getByRole('button', { name: 'Save Blog Post' }).click();
  await expect(editor).toHaveCount(0);
  await asVisitor(browser, `/blog/${slug}`, async (p) => {
    await expect(p.getByRole('heading', { level: 1, name: after })).toBeVisible();
  });

  await page.getByRole('button', { name: `Edit ${after}` }).click();
  await editor.getByRole('button', { name: 'History' }).click();
  const history = page.getByRole('dialog', { name: 'History' });
  const versions = history.getByRole('list', { name: 'Versions' }).getByRole('button');
  await expect(versions).toHaveCount(2);
  await expect(versions.nth(0)).toContainText('Saved: Title');
  await expect(versions.nth(0)).not.toContainText('Published');
  await expect(versions.nth(1)).toContainText('Created');

  await versions.nth(1).click();
  const diff = history.getByRole('definition');
  await expect(diff).toHaveCount(1);
  await expect(history.getByRole('term')).toHaveText('Title');
  await expect(diff.getByRole('deletion')).toHaveText(before);
  await expect(diff.getByRole('insertion')).toHaveText(after);

  await history.getByRole('button', { name: 'Restore this version' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Restore this version?' });
  await confirm.getByRole('button', { name: 'Restore', exact: true }).click();
  await expect(history).toHaveCount(0);
  // The editor stays open with the restored values, as stored.
  await expect(editor.getByLabel('Title')).toHaveValue(before);
  await asVisitor(browser, `/blog/${slug}`, async (p) => {
    await expect(p.getByRole('heading', { level: 1, name: before })).toBeVisible();
  });

  // The restore is itself a version.
  await editor.getByRole('button', { name: 'History' }).click();
  await expect(versions).toHaveCount(3);
  await expect(versions.nth(0)).toContainText('Restored: Title');

  await page.keyboard.press('Escape');
  await expect(history).toHaveCount(0);
  await editor.getByRole('button', { name: 'Cancel' }).click();
  await expect(editor).toHaveCount(0);
  await moveToTrash(page, before);
});
