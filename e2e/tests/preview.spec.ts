import { expect, test } from '@playwright/test';
import { STAFF_PASSWORD as PASSWORD, signIn, tab } from '../support/cms';
import { clearReleases, runScript, stageContactWith } from '../support/releases';
import { asVisitor, openPage } from '../support/site';

test.describe('staged release previewed on the live site', () => {
  test.describe.configure({ timeout: 120_000 });
  // Back to the locally built remote for the other specs.
  test.afterAll(clearReleases);

  test('invisible to visitors, shown to staff with ?remotes= under the banner; Exit preview ends it', async ({
    page,
  }) => {
    // A staged version of the contact remote with a different eyebrow.
    const version = stageContactWith('staged');

    const eyebrow = page.locator('main p', { hasText: /^Contact/ }).first();
    const banner = page.locator('#remote-preview');

    // A visitor with the parameter: the live page, no banner.
    await openPage(page, `/contact?remotes=mf-contact@${version}`);
    await expect(eyebrow).toHaveText('Contact');
    await expect(banner).toHaveCount(0);

    // Signed-in staff: the staged version, rendered on the server and hydrated by its own browser code.
    const auth = await page.request.post('/api/admin/auth', { data: { password: PASSWORD } });
    expect(auth.ok()).toBe(true);
    const entries: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/mf-contact/') && r.url().endsWith('remoteEntry.js')) entries.push(r.url());
    });
    await openPage(page, `/contact?remotes=mf-contact@${version}`);
    await expect(eyebrow).toHaveText('Contact staged');
    await expect(banner).toHaveText(`Previewing mf-contact ${version}. Exit preview`);
    expect(entries.some((u) => u.endsWith(`/releases/mf-contact/${version}/remoteEntry.js`))).toBe(true);

    // The browser session keeps it on the next page load, without the parameter.
    await openPage(page, '/contact');
    await expect(eyebrow).toHaveText('Contact staged');

    // Exit preview: the live version again, no banner, and it stays so.
    await banner.getByRole('link', { name: 'Exit preview' }).click();
    await expect(banner).toHaveCount(0);
    await expect(page.locator('html[data-hydrated]')).toBeAttached({ timeout: 15_000 });
    await expect(eyebrow).toHaveText('Contact');
    await openPage(page, '/contact');
    await expect(eyebrow).toHaveText('Contact');
    await expect(banner).toHaveCount(0);

    // Promote: everyone gets it.
    const promoted = runScript('promote.mjs', 'mf-contact', version!);
    expect(promoted.status, promoted.output).toBe(0);
    await page.context().clearCookies();
    await openPage(page, '/contact');
    await expect(eyebrow).toHaveText('Contact staged');
  });

  test('the CMS Releases tab shows the staged version, previews it, and promotes it for everyone', async ({
    page,
    browser,
  }) => {
    const version = stageContactWith('promoted in the CMS');
    const eyebrow = (p: typeof page) => p.locator('main p', { hasText: /^Contact/ }).first();

    await signIn(page);
    await tab(page, 'Releases').click();
    const card = page.getByRole('region', { name: 'mf-contact' });
    const staged = card
      .getByRole('list', { name: 'Staged' })
      .getByRole('listitem')
      .filter({ hasText: version });
    await expect(staged).toBeVisible();

    // Preview: the contact page with the staged version, in a new tab, for this staff member only.
    const preview = staged.getByRole('link', { name: `Preview mf-contact ${version} (opens in a new tab)` });
    await expect(preview).toHaveAttribute('href', `/contact?remotes=mf-contact@${version}`);
    await expect(preview).toHaveAttribute('target', '_blank');
    const [popup] = await Promise.all([page.waitForEvent('popup'), preview.click()]);
    await expect(eyebrow(popup)).toHaveText('Contact promoted in the CMS');
    await popup.close();
    await asVisitor(browser, '/contact', (visitor) =>
      expect(eyebrow(visitor)).toHaveText(/^Contact(?! promoted)/),
    );

    // Promote, confirmed in the dialog: the tab shows it live once the server switched.
    await staged.getByRole('button', { name: `Promote mf-contact ${version}` }).click();
    const dialog = page.getByRole('dialog', { name: `Promote mf-contact ${version}?` });
    await dialog.getByRole('button', { name: 'Promote' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(new RegExp(`^Promoted mf-contact ${version}`))).toBeVisible();
    await expect(card.locator('dd').first()).toHaveText(version);
    const newest = card.getByRole('list', { name: 'History' }).getByRole('listitem').first();
    await expect(newest).toContainText(version);
    await expect(newest).toContainText('Live');
    await expect(staged).toHaveCount(0);

    // A visitor (no staff session, no preview) gets the promoted version.
    await asVisitor(browser, '/contact', (visitor) =>
      expect(eyebrow(visitor)).toHaveText('Contact promoted in the CMS'),
    );
  });
});
