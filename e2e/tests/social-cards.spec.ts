import { expect, test } from '@playwright/test';

/** Every public route of the built site (one item of each dynamic kind, from the seed). */
const PATHS = [
  '/',
  '/about',
  '/services',
  '/services/seo',
  '/case-studies',
  '/case-studies/outdoor-retailer-organic-growth',
  '/blog',
  '/blog/core-web-vitals-what-moves-rankings',
  '/resources',
  '/contact',
  '/privacy',
];

for (const width of [375, 1280]) {
  test.describe(`social cards at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('every public page names its 1200×630 card and a large Twitter card; the card is a PNG', async ({
      page,
      request,
      baseURL,
    }) => {
      for (const path of PATHS) {
        const res = await page.goto(path);
        expect(res?.status(), path).toBe(200);
        const content = (selector: string) => page.locator(selector).getAttribute('content');
        const image = await content('meta[property="og:image"]');
        expect(image, path).toContain(`/api/social-card.png?path=${encodeURIComponent(path)}&v=`);
        expect(await content('meta[property="og:image:width"]'), path).toBe('1200');
        expect(await content('meta[property="og:image:height"]'), path).toBe('630');
        expect(await content('meta[property="og:image:alt"]'), path).toBeTruthy();
        expect(await content('meta[name="twitter:card"]'), path).toBe('summary_large_image');
        // The card is fetched at the site's own address (PUBLIC_URL is the origin in production).
        const card = await request.get(
          new URL(new URL(image!).pathname + new URL(image!).search, baseURL).href,
        );
        expect(card.status(), path).toBe(200);
        expect(card.headers()['content-type'], path).toBe('image/png');
      }
    });
  });
}

test('the 404 page has no canonical link', async ({ page }) => {
  const res = await page.goto('/no/such/page');
  expect(res?.status()).toBe(404);
  await expect(page.locator('link[rel="canonical"]')).toHaveCount(0);
});
