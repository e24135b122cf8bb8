import { expect, test, type Page } from '@playwright/test';
import { STAFF_PASSWORD, signIn, tab, unique, writeBlogPost } from '../support/cms';

/** Issue 24: personal accounts and roles, who changed what, and no work lost to an ended session. */

const EDITOR_NAME = 'Eddie Editor';
const EDITOR_PASSWORD = 'eddie-edits-every-day';

async function signInWith(page: Page, email: string, password: string) {
  await page.goto('/cms');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('tablist', { name: 'Content sections' })).toBeVisible();
}

async function logout(page: Page) {
  // Playwright's click waits until Logout is the element a pointer would hit (not under a toast).
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
}

test('an editor signs in with their own account, writes a post and cannot see Staff, Settings or Releases; the owner sees their name in history and the audit', async ({
  page,
}) => {
  const email = `${unique('eddie')}@agency.test`;
  const slug = unique('by-eddie');
  const title = `Eddie writes ${slug.slice(-6)}`;
  const edited = `${title}, edited`;

  // The owner (shared password) creates the account in the Staff tab.
  await signIn(page);
  await tab(page, 'Staff').click();
  await page.getByRole('button', { name: 'New account' }).click();
  const create = page.getByRole('dialog', { name: 'New account' });
  await create.getByLabel('E-mail').fill(email);
  await create.getByLabel('Name').fill(EDITOR_NAME);
  await create.getByLabel('Role').selectOption('editor');
  await create.getByLabel('First password (optional)').fill(EDITOR_PASSWORD);
  await create.getByRole('button', { name: 'Create account' }).click();
  await expect(create).toHaveCount(0);
  await expect(page.getByTestId('staff-row').filter({ hasText: email })).toContainText('Active');
  await logout(page);

  // The editor: content tabs only.
  await signInWith(page, email, EDITOR_PASSWORD);
  await expect(page.getByTestId('signed-in-as')).toHaveText(`Signed in as ${EDITOR_NAME}`);
  for (const hidden of ['Staff', 'Settings', 'Releases', 'Audit'])
    await expect(tab(page, hidden)).toHaveCount(0);
  await expect(tab(page, 'Blog')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Site Settings' })).toHaveCount(0);
  // The server refuses what the screen hides.
  expect((await page.request.get('/api/admin/releases')).status()).toBe(403);

  await tab(page, 'Blog').click();
  await writeBlogPost(page, { slug, title });
  await page.getByRole('button', { name: `Edit ${title}` }).click();
  const editor = page.getByRole('dialog', { name: 'Edit Blog Post' });
  await editor.getByLabel('Title').fill(edited);
  await editor.getByRole('button', { name: 'Save Blog Post' }).click();
  await expect(editor).toHaveCount(0);
  await logout(page);

  // The owner sees who did it.
  await signIn(page);
  await tab(page, 'Blog').click();
  await page.getByRole('button', { name: `Edit ${edited}` }).click();
  await editor.getByRole('button', { name: 'History' }).click();
  const versions = page
    .getByRole('dialog', { name: 'History' })
    .getByRole('list', { name: 'Versions' })
    .getByRole('button');
  await expect(versions.nth(0)).toContainText(`Saved by ${EDITOR_NAME}: Title`);
  await expect(versions.nth(1)).toContainText(`Created by ${EDITOR_NAME}`);
  await page.keyboard.press('Escape');
  await editor.getByRole('button', { name: 'Cancel' }).click();

  await tab(page, 'Audit').click();
  const rows = page.getByTestId('audit-row').filter({ hasText: EDITOR_NAME });
  await expect(rows.filter({ hasText: `Saved` }).filter({ hasText: edited })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'Created' }).filter({ hasText: title })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'Signed in' }).first()).toBeVisible();
});

test('a session that ends while a dialog is open: Save asks for the password in place, then saves the text as typed', async ({
  page,
}) => {
  const slug = unique('reauth');
  const title = `Kept ${slug.slice(-6)}`;
  await signIn(page);
  await tab(page, 'Blog').click();
  await page.getByRole('button', { name: 'Add Blog Post' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Blog Post' });
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('URL Slug').fill(slug);
  await dialog.getByLabel('Category').fill('Strategy');
  await dialog.getByLabel('Author', { exact: true }).fill('Ada Lovelace');
  await dialog.getByLabel('Excerpt').fill('Typed before the session ended.');
  await dialog.getByLabel('Content', { exact: true }).fill('Every word of this stays.');

  // The session ends on the server (as when the password changes or two idle hours pass).
  await page.request.post('/api/admin/logout', { headers: { Origin: new URL(page.url()).origin } });
  expect((await page.request.get('/api/admin/session')).status()).toBe(401);

  await dialog.getByRole('button', { name: 'Save Blog Post' }).click();
  const reauth = page.getByRole('alertdialog', { name: 'Your session has ended' });
  await expect(reauth).toBeVisible();
  // The form stays underneath (hidden from assistive technology while the modal question is open).
  await expect(page.locator('input[name="title"]')).toHaveValue(title);
  await reauth.getByLabel('Password').fill(STAFF_PASSWORD);
  await reauth.getByRole('button', { name: 'Sign in and continue' }).click();
  await expect(reauth).toHaveCount(0);
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('button', { name: `Edit ${title}` })).toBeVisible();
  const stored = (await (await page.request.get('/api/admin/blog-posts')).json()) as {
    slug: string;
    content: string;
  }[];
  expect(stored.find((p) => p.slug === slug)?.content).toBe('Every word of this stays.');
});

test('the autosaved draft of an editor comes back after a reload', async ({ page }) => {
  const title = `Draft ${unique('draft').slice(-6)}`;
  await signIn(page);
  await tab(page, 'Blog').click();
  await page.getByRole('button', { name: 'Add Blog Post' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Blog Post' });
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Content', { exact: true }).fill('Half a thought, not saved yet.');
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('cms-draft:owner:/api/admin/blog-posts/new') ?? ''))
    .toContain('Half a thought');

  page.once('dialog', (d) => void d.accept());
  await page.reload();
  // The address kept the open editor (/cms?tab=blog&item=new): it opens again, offering the draft.
  await expect(page).toHaveURL(/\/cms\?tab=blog&item=new$/);
  await expect(dialog.getByRole('status')).toContainText('Unsaved changes from');
  await dialog.getByRole('button', { name: 'Restore unsaved changes' }).click();
  await expect(dialog.getByLabel('Title')).toHaveValue(title);
  await expect(dialog.getByLabel('Content', { exact: true })).toHaveValue('Half a thought, not saved yet.');
  // Discarding the changes drops the draft too.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page
    .getByRole('alertdialog', { name: 'Discard unsaved changes?' })
    .getByRole('button', { name: 'Discard changes' })
    .click();
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('cms-draft:owner:/api/admin/blog-posts/new')))
    .toBeNull();
});

test('opening an item someone else has open shows who is editing it', async ({ page, browser }) => {
  const slug = unique('together');
  const title = `Together ${slug.slice(-6)}`;
  await signIn(page);
  await tab(page, 'Blog').click();
  await writeBlogPost(page, { slug, title });
  // A colleague with a personal account opens it first.
  const email = `${unique('colleague')}@agency.test`;
  const created = await page.request.post('/api/admin/users', {
    headers: { Origin: new URL(page.url()).origin },
    data: { email, name: 'Colleen Colleague', role: 'editor', password: 'colleen-keeps-editing' },
  });
  expect(created.status()).toBe(201);
  const other = await browser.newContext();
  const colleague = await other.newPage();
  await signInWith(colleague, email, 'colleen-keeps-editing');
  await tab(colleague, 'Blog').click();
  await colleague.getByRole('button', { name: `Edit ${title}` }).click();
  await expect(colleague.getByRole('dialog', { name: 'Edit Blog Post' })).toBeVisible();

  await page.getByRole('button', { name: `Edit ${title}` }).click();
  await expect(page.getByRole('dialog', { name: 'Edit Blog Post' }).getByRole('status')).toHaveText(
    'Colleen Colleague is editing this',
  );
  await other.close();
});
