import { expect, request, type APIRequestContext, type Page } from '@playwright/test';

/** The staff password the e2e servers start with (playwright.config.ts). */
export const STAFF_PASSWORD = process.env.E2E_ADMIN_PASSWORD ?? 'e2e-staff-password';

/** A name no other test run has used: tests share one seeded database. */
export const unique = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Signs in at /cms as staff and waits for the content screen. */
export async function signIn(page: Page) {
  await page.goto('/cms');
  await page.getByLabel('Password').fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('tablist', { name: 'Content sections' })).toBeVisible();
}

/** A tab of the CMS screen, by its exact name. */
export const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });

/**
 * The CMS's confirmation (its own alertdialog, never the browser's confirm()): checks it asks `title`
 * and answers with the button named `answer` ('Cancel' keeps things as they are).
 */
export async function answerConfirmation(page: Page, title: string, answer: string) {
  const question = page.getByRole('alertdialog', { name: title, exact: true });
  await expect(question).toBeVisible();
  await expect(question.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await question.getByRole('button', { name: answer, exact: true }).click();
  await expect(question).toHaveCount(0);
}

/**
 * Moves an item to the trash from its CMS list (answering the confirmation): off the public site at
 * once, so the specs after this one see the seeded site.
 */
export async function moveToTrash(page: Page, title: string) {
  await page.getByRole('button', { name: `Delete ${title}`, exact: true }).click();
  const question = page.getByRole('alertdialog');
  await expect(question).toContainText(`"${title}" to the trash?`);
  await question.getByRole('button', { name: 'Move to trash' }).click();
  await expect(page.getByRole('button', { name: `Edit ${title}`, exact: true })).toHaveCount(0);
}

/** Writes a blog post in the CMS editor (the Blog tab open): a draft unless `published`. */
export async function writeBlogPost(
  page: Page,
  { slug, title, published = false }: { slug: string; title: string; published?: boolean },
) {
  await page.getByRole('button', { name: 'Add Blog Post' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Blog Post' });
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('URL Slug').fill(slug);
  await dialog.getByLabel('Category').fill('Strategy');
  await dialog.getByLabel('Author', { exact: true }).fill('Ada Lovelace');
  await dialog.getByLabel('Excerpt').fill('A post written by the e2e tests.');
  await dialog.getByLabel('Content', { exact: true }).fill('Body of the post.');
  if (published) await dialog.getByRole('switch', { name: 'Published' }).click();
  await dialog.getByRole('button', { name: 'Save Blog Post' }).click();
  await expect(dialog).toHaveCount(0);
}

/** A staff API client of its own (not the visitor's page): signed in, same-site Origin on writes. */
export async function staffApi(baseURL: string | undefined): Promise<APIRequestContext> {
  const staff = await request.newContext({ baseURL, extraHTTPHeaders: { Origin: new URL(baseURL!).origin } });
  const auth = await staff.post('/api/admin/auth', { data: { password: STAFF_PASSWORD } });
  expect(auth.ok(), `staff sign-in answered ${auth.status()}`).toBe(true);
  return staff;
}

/** The rows GET /api/admin/leads answers for one lead type and search text (what the server stored). */
export async function storedLeads(baseURL: string | undefined, type: 'contacts' | 'newsletter', q: string) {
  const staff = await staffApi(baseURL);
  try {
    const res = await staff.get(`/api/admin/leads?type=${type}&q=${encodeURIComponent(q)}`);
    expect(res.ok(), `leads answered ${res.status()}`).toBe(true);
    return (await res.json()) as Record<string, unknown>[];
  } finally {
    await staff.dispose();
  }
}
