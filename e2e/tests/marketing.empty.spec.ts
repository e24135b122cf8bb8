import { expect, test } from '@playwright/test';
import { openPage } from '../support/site';

// Runs against the server on an empty database: every data-driven home section shows its fallback.
test.describe('home fallbacks on an empty database', () => {
  test('hero shows the spec defaults: title, three metrics and both buttons', async ({ page }) => {
    await openPage(page, '/');
    const h1 = page.getByRole('heading', { level: 1 });
    await expect(h1).toHaveText('Digital Performance, Distilled.');
    await expect(h1.locator('span')).toHaveText(['Digital Performance,', 'Distilled.']);
    const metrics = page.getByTestId('hero-metric');
    await expect(metrics).toHaveCount(3);
    await expect(metrics.locator('span')).toHaveText([
      '247%',
      'Avg. Traffic Growth',
      '$2.4M',
      'Revenue Generated',
      '40+',
      'Years Combined Exp.',
    ]);
    await expect(page.getByRole('link', { name: 'Start Your Growth Journey' })).toHaveAttribute(
      'href',
      '/contact',
    );
    await expect(page.getByRole('link', { name: 'View Case Studies' })).toHaveAttribute(
      'href',
      '/case-studies',
    );
  });

  test('services grid shows the three fallback cards', async ({ page }) => {
    await openPage(page, '/');
    const links = page.getByTestId('home-services').getByRole('heading', { level: 3 }).getByRole('link');
    await expect(links).toHaveCount(3);
    expect(await links.evaluateAll((els) => els.map((e) => e.getAttribute('href')))).toEqual([
      '/services/seo-content',
      '/services/paid-media-ppc',
      '/services/data-analytics',
    ]);
  });

  test('process section still shows its four steps', async ({ page }) => {
    await openPage(page, '/');
    await expect(
      page.getByRole('region', { name: 'A Proven Four-Step Process' }).getByRole('heading', { level: 3 }),
    ).toHaveCount(4);
  });

  test('case studies show the coming-soon text with Discuss Your Project', async ({ page }) => {
    await openPage(page, '/');
    await expect(
      page.getByText(
        "Case studies are coming soon. We're currently documenting our latest client successes.",
        { exact: true },
      ),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Discuss Your Project' })).toHaveAttribute(
      'href',
      '/contact',
    );
    await expect(page.getByTestId('home-case-studies')).toHaveCount(0);
  });

  test('testimonials show the two static fallbacks with five stars, and six client names', async ({
    page,
  }) => {
    await openPage(page, '/');
    const items = page.getByTestId('home-testimonials').locator(':scope > li');
    await expect(items).toHaveCount(2);
    await expect(items.nth(0)).toContainText('Rachel Morgan');
    await expect(items.nth(1)).toContainText('David Okafor');
    await expect(items.getByRole('img', { name: 'Rated 5 out of 5' })).toHaveCount(2);
    await expect(page.getByTestId('client-names').locator('li')).toHaveCount(6);
  });

  test('antidote band and contact form are there too', async ({ page }) => {
    await openPage(page, '/');
    await expect(page.getByRole('link', { name: 'More About Us' })).toHaveAttribute('href', '/about');
    await expect(page.locator('section#contact').getByRole('form', { name: 'Contact form' })).toBeVisible();
  });
});
