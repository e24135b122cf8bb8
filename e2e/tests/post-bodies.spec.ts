import { expect, test } from '@playwright/test';

/**
 * Issue 25 item 4: the seeded HTML post bodies were converted to markdown once; the live page shows
 * the same headings, emphasis and links, rendered, and no markdown marks.
 */
test('a converted post body renders its headings, emphasis and links, with no markdown marks', async ({
  page,
}) => {
  await page.goto('/blog/core-web-vitals-what-moves-rankings');
  const body = page.locator('article');
  await expect(
    body.getByRole('heading', { level: 2, name: 'Measure real users, not lab runs' }),
  ).toBeVisible();
  await expect(body.locator('strong', { hasText: 'real-user monitoring' })).toBeVisible();
  await expect(body.getByRole('link', { name: 'Technical SEO Field Guide' })).toHaveAttribute(
    'href',
    '/resources',
  );
  const shown = await body.innerText();
  expect(shown).not.toContain('**');
  expect(shown).not.toMatch(/^## /m);
});
