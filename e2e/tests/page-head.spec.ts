import { expect, test, type Page } from '@playwright/test';
import { openPage } from '../support/site';

/**
 * The page owns its head: it renders its own title, description, canonical, robots, Open Graph and
 * Twitter tags (React 19 hoists them). After every client-side navigation the document's head holds
 * exactly the tags the server writes into that address's first HTML: each once, none of the page before.
 */
const PAGE_TAGS =
  'title, meta[name="description"], meta[name="robots"], meta[name^="twitter:"], meta[property^="og:"], meta[property^="article:"], link[rel="canonical"], link[rel="alternate"]';

/** The page's own tags of a document, as `tag key=value` lines, sorted. */
const tagsOf = (page: Page, html?: string) =>
  page.evaluate(
    ({ selector, html }) => {
      const doc = html ? new DOMParser().parseFromString(html, 'text/html') : document;
      return [...doc.head.querySelectorAll(selector)]
        .map((el) => {
          if (el.tagName === 'TITLE') return `title ${el.textContent}`;
          if (el.tagName === 'LINK') return `link ${el.getAttribute('rel')}=${el.getAttribute('href')}`;
          return `meta ${el.getAttribute('name') ?? el.getAttribute('property')}=${el.getAttribute('content')}`;
        })
        .sort();
    },
    { selector: PAGE_TAGS, html },
  );

async function expectServersHead(page: Page) {
  const url = new URL(page.url());
  const first = await page.request.get(url.pathname);
  const expected = await tagsOf(page, await first.text());
  expect(expected.length, url.pathname).toBeGreaterThan(10);
  await expect.poll(() => tagsOf(page), { message: url.pathname }).toEqual(expected);
}

test('client-side navigation keeps the head in step with what the server writes for each address', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && !m.text().includes('404') && errors.push(m.text()));
  await openPage(page, '/');
  // Hydration took the server's tags over: none is doubled.
  await expectServersHead(page);
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));

  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Blog' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Insights That Drive Growth');
  await expectServersHead(page);

  // An article: its own title, card, article:published_time and canonical.
  await page.getByTestId('featured-article').getByRole('link').first().click();
  await expect(page).toHaveURL(/\/blog\/[a-z0-9-]+$/);
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Insights That Drive Growth');
  await expectServersHead(page);
  const articleTitle = await page.title();

  // Away from the article: its published time and its title leave with it.
  await nav.getByRole('link', { name: 'Case Studies' }).click();
  await expect(page).toHaveURL(/\/case-studies$/);
  await expectServersHead(page);
  expect(await page.title()).not.toBe(articleTitle);
  await page.locator('main a[href^="/case-studies/"]').first().click();
  await expect(page).toHaveURL(/\/case-studies\/[a-z0-9-]+$/);
  await expectServersHead(page);

  // A missing article, reached in the browser: the 404's head (no canonical, noindex, no card).
  await page.evaluate(() => {
    window.history.pushState(null, '', '/blog/no-such-post');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Article Not Found');
  await expectServersHead(page);
  await expect(page).toHaveTitle('Article Not Found | Distilled Digital');
  await expect(page.locator('link[rel="canonical"]')).toHaveCount(0);
  await expect(page.locator('meta[property="og:image"]')).toHaveCount(0);

  await nav.getByRole('link', { name: 'About' }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expectServersHead(page);

  expect(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  expect(errors).toEqual([]);
});

test('the CMS, rendered only in the browser, replaces the head the server wrote: each tag once', async ({
  page,
}) => {
  await page.goto('/cms');
  await expect(page.getByLabel('Password')).toBeVisible({ timeout: 15_000 });
  // The CMS names its tab itself once it runs.
  await expect(page).toHaveTitle('Content Management');
  for (const selector of [
    'title',
    'meta[property="og:url"]',
    'meta[name="description"]',
    'meta[name="robots"]',
  ])
    await expect(page.locator(selector), selector).toHaveCount(1);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
  // Kept out of the index, it names no canonical address.
  await expect(page.locator('link[rel="canonical"]')).toHaveCount(0);
});
