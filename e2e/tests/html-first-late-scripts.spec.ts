import { expect, test } from '@playwright/test';
import { storedLeads } from '../support/cms';
import { uniqueEmail } from '../support/site';

/**
 * Issue 23: a visitor on a slow connection fills in the contact form and sends it before the page's
 * scripts have arrived. The form posts itself as HTML; the server stores it and the page thanks them.
 */
test('a contact form sent before the scripts arrive is stored and thanked', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  // Every script is held back (the HTML and its styles are not) until the form has been sent and
  // stored: a gate, not a delay, so a slow machine cannot let the page hydrate before the click.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\.js(\?.*)?$/, async (route) => {
    await held;
    await route.continue().catch(() => {});
  });
  const email = uniqueEmail('early');
  await page.goto('/contact', { waitUntil: 'commit' });
  const form = page.getByRole('form', { name: 'Contact form' });
  await form.getByLabel('First Name').fill('Early');
  await form.getByLabel('Last Name').fill('Bird');
  await form.getByLabel('Business Email').fill(email);
  await form.getByLabel('Company').fill('Dawn Chorus');
  await form.getByLabel('Monthly Budget').selectOption('10k-25k');
  await form.getByLabel('Your Goals').fill('Be found first by people searching at dawn');
  // Still the server's HTML: nothing has hydrated it.
  await expect(page.locator('html[data-hydrated]')).toHaveCount(0);
  await form.getByRole('button', { name: /Get Your Free Strategy Session/ }).click();
  await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();

  const rows = await storedLeads(baseURL, 'contacts', email);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ firstName: 'Early', lastName: 'Bird', email });
  // Once the scripts arrive the page hydrates into the same state (no mismatch, no flash).
  release();
  await expect(page.locator('html[data-hydrated]')).toBeAttached({ timeout: 45_000 });
  await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
  expect(errors.filter((e) => /hydrat/i.test(e))).toEqual([]);
});

test('with JavaScript, the lead form page sends the lead as JSON and the download starts', async ({
  page,
}) => {
  const title = 'Paid Media Benchmarks Report 2025';
  await page.goto('/resources');
  const href = await page
    .getByTestId('resource-card')
    .filter({ hasText: title })
    .getByRole('button', { name: /Get Free Access/ })
    .getAttribute('href');
  expect(href).toMatch(/^\/resources\/\d+\/access$/);
  await page.goto(href!);
  await expect(page.locator('html[data-hydrated]')).toBeAttached({ timeout: 15_000 });
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST') posts.push(new URL(r.url()).pathname);
  });
  const form = page.getByRole('form', { name: 'Get free access' });
  await form.getByLabel('Name').fill('Ada Reader');
  await form.getByLabel('Email').fill(uniqueEmail('lead-js'));
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    form.getByRole('button', { name: 'Get Instant Access' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('paid-media-benchmarks-2025.pdf');
  await expect(page.getByText('Your download is ready')).toBeVisible();
  expect(posts).toEqual([expect.stringMatching(/^\/api\/resources\/\d+\/leads$/)]);
});
