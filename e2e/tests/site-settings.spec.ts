import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { staffApi } from '../support/cms';
import { openPage } from '../support/site';

/** The seeded values (DEFAULT_SITE_SETTINGS), which the other specs expect. */
/** The footer's copyright year: the spec's constant. */
const YEAR = 2024;

const SEEDED = {
  siteName: 'Distilled Digital',
  contactEmail: 'hello@distilled.agency',
  contactPhone: '+1 (415) 555-0142',
  socialLinks: {
    linkedin: 'https://www.linkedin.com/company/distilled-digital',
    x: 'https://x.com/distilleddigital',
    instagram: 'https://www.instagram.com/distilleddigital',
    youtube: 'https://www.youtube.com/@distilleddigital',
  },
};

/** GET /api/admin/site-settings answers [{ key, value }]; PUT takes the whole object. */
async function readSettings(staff: APIRequestContext): Promise<Record<string, unknown>> {
  const res = await staff.get('/api/admin/site-settings');
  expect(res.ok(), `GET site settings answered ${res.status()}`).toBe(true);
  const entries = (await res.json()) as { key: string; value: unknown }[];
  return Object.fromEntries(entries.map((e) => [e.key, e.value]));
}

async function saveSettings(staff: APIRequestContext, values: Record<string, unknown>) {
  const res = await staff.put('/api/admin/site-settings', { data: values });
  expect(res.ok(), `PUT site settings answered ${res.status()}: ${await res.text()}`).toBe(true);
}

const socialList = (page: Page) =>
  page.getByRole('contentinfo').getByRole('list', { name: 'Social media' }).getByRole('link');

async function expectSeededValues(page: Page) {
  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText(`© ${YEAR} ${SEEDED.siteName}`);
  await expect(socialList(page)).toHaveCount(4);
  await expect(footer.getByRole('link', { name: 'LinkedIn (opens in a new tab)' })).toHaveAttribute(
    'href',
    SEEDED.socialLinks.linkedin,
  );
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: SEEDED.contactEmail })).toHaveAttribute(
    'href',
    `mailto:${SEEDED.contactEmail}`,
  );
  await expect(main.getByRole('link', { name: SEEDED.contactPhone })).toHaveAttribute(
    'href',
    'tel:+14155550142',
  );
}

test.describe('site settings on the public site', () => {
  test('footer and contact page show the settings staff save, and one request serves both', async ({
    page,
    baseURL,
  }) => {
    const staff = await staffApi(baseURL);
    const original = await readSettings(staff);
    const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const changed = {
      ...original,
      siteName: `Acme Growth ${tag}`,
      contactEmail: `hello.${tag}@acme.example`,
      contactPhone: '+44 (20) 7946-0958',
      socialLinks: {
        linkedin: `https://www.linkedin.com/company/acme-${tag}`,
        x: '', // empty: no link
        instagram: 'http://instagram.example/acme', // not https: no link
        youtube: `https://www.youtube.com/@acme-${tag}`,
      },
    };
    try {
      await saveSettings(staff, changed);

      const settingsRequests: string[] = [];
      page.on('request', (r) => {
        if (new URL(r.url()).pathname === '/api/site-settings') settingsRequests.push(r.url());
      });
      await openPage(page, '/contact');

      const footer = page.getByRole('contentinfo');
      await expect(footer).toContainText(`© ${YEAR} ${changed.siteName}. All rights reserved.`);
      await expect(footer).not.toContainText(`© ${YEAR} ${SEEDED.siteName}`);
      const social = socialList(page);
      await expect(social).toHaveCount(2);
      const linkedin = footer.getByRole('link', { name: 'LinkedIn (opens in a new tab)' });
      const youtube = footer.getByRole('link', { name: 'YouTube (opens in a new tab)' });
      await expect(linkedin).toHaveAttribute('href', changed.socialLinks.linkedin);
      await expect(youtube).toHaveAttribute('href', changed.socialLinks.youtube);
      for (const link of await social.all()) {
        await expect(link).toHaveAttribute('target', '_blank');
        await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      }
      await expect(footer.getByRole('link', { name: /X \(Twitter\)/ })).toHaveCount(0);
      await expect(footer.getByRole('link', { name: /Instagram/ })).toHaveCount(0);

      const main = page.getByRole('main');
      const email = main.getByRole('link', { name: changed.contactEmail });
      await expect(email).toHaveAttribute('href', `mailto:${changed.contactEmail}`);
      const phone = main.getByRole('link', { name: changed.contactPhone });
      await expect(phone).toHaveAttribute('href', 'tel:+442079460958');
      await expect(main.getByRole('link', { name: SEEDED.contactEmail })).toHaveCount(0);

      // Footer (shell) and contact page (remote) share the ['site-settings'] query, which the server
      // render answered: the browser does not fetch again what the page was given.
      expect(settingsRequests).toHaveLength(0);
    } finally {
      await saveSettings(staff, original);
      const restored = await readSettings(staff);
      await staff.dispose();
      expect(restored).toEqual(original);
    }
    // Visitors see the restored values again (the public answer is not left stale in the cache).
    await openPage(page, '/contact');
    await expect(page.getByRole('contentinfo')).toContainText(`© ${YEAR} ${String(original.siteName)}`);
  });

  test('while the settings fail to load, the footer and contact page keep the seeded values', async ({
    page,
  }) => {
    await page.route('**/api/site-settings', (route) => route.abort('connectionrefused'));
    await openPage(page, '/contact');
    await expectSeededValues(page);
  });

  test('with the seeded settings, the footer and contact page show them', async ({ page }) => {
    await openPage(page, '/contact');
    await expectSeededValues(page);
  });
});
