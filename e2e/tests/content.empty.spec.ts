import { expect, test, type Page } from '@playwright/test';
import { openPage } from '../support/site';

async function expectComingSoon(page: Page, path: string, title: string, links: Array<[string, string]>) {
  await openPage(page, path);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 2, name: title })).toBeVisible();
  for (const [name, href] of links) {
    await expect(main.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  }
}

test.describe('content screens on an empty database', () => {
  test('case studies: Case Studies Coming Soon with /contact and /services, and no CTA', async ({ page }) => {
    await expectComingSoon(page, '/case-studies', 'Case Studies Coming Soon', [
      ['Discuss Your Project', '/contact'],
      ['Explore Our Services', '/services'],
    ]);
    await expect(page.getByRole('link', { name: /Read Full Study/ })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Ready to Be Our Next Success Story?' })).toHaveCount(0);
  });

  test('blog: Blog Coming Soon with /contact and /resources, and no featured article', async ({ page }) => {
    await expectComingSoon(page, '/blog', 'Blog Coming Soon', [
      ['Talk to Our Team', '/contact'],
      ['Browse Resources', '/resources'],
    ]);
    await expect(page.getByRole('heading', { name: 'Featured Article' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Subscribe to Our Newsletter' })).toHaveAttribute(
      'href',
      '#newsletter',
    );
  });

  test('resources: Resources Coming Soon with /contact and /blog', async ({ page }) => {
    await expectComingSoon(page, '/resources', 'Resources Coming Soon', [
      ['Contact Us', '/contact'],
      ['Read Our Blog', '/blog'],
    ]);
    await expect(page.getByTestId('resource-card')).toHaveCount(0);
  });

  test('/privacy without a page in the database is Page Not Found (404)', async ({ page }) => {
    const response = await page.goto('/privacy');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
  });
});
