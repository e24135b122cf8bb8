import { expect, test } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openPage } from '../support/site';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const PASSWORD = process.env.E2E_ADMIN_PASSWORD ?? 'e2e-staff-password';
const releasesDir = () => process.env.E2E_RELEASES_DIR!;

function run(script: string, ...args: string[]) {
  const r = spawnSync(process.execPath, [path.join(ROOT, 'scripts', script), ...args], {
    cwd: ROOT,
    env: { ...process.env, RELEASES_DIR: releasesDir() },
    encoding: 'utf8',
  });
  return { status: r.status, output: `${r.stdout}${r.stderr}` };
}

test.describe('staged release previewed on the live site', () => {
  test.describe.configure({ timeout: 120_000 });
  // Back to the locally built remote for the other specs.
  test.afterAll(() => rmSync(path.join(releasesDir(), 'release-state.json'), { force: true }));

  test('invisible to visitors, shown to staff with ?remotes= under the banner; Exit preview ends it', async ({
    page,
  }) => {
    // A staged version of the contact remote with a different eyebrow.
    const file = path.join(ROOT, 'mf-contact', 'src', 'pages', 'contact-page.tsx');
    const original = readFileSync(file, 'utf8');
    const marker = 'tracking-wider text-brand-300">Contact<';
    expect(original).toContain(marker);
    let staged: { status: number | null; output: string };
    try {
      writeFileSync(file, original.replace(marker, 'tracking-wider text-brand-300">Contact staged<'));
      staged = run('release.mjs', 'mf-contact', '--staged');
    } finally {
      writeFileSync(file, original);
    }
    expect(staged.status, staged.output).toBe(0);
    const version = /Staged mf-contact (\S+) \(not live/.exec(staged.output)?.[1];
    expect(version, staged.output).toBeTruthy();

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
    const promoted = run('promote.mjs', 'mf-contact', version!);
    expect(promoted.status, promoted.output).toBe(0);
    await page.context().clearCookies();
    await openPage(page, '/contact');
    await expect(eyebrow).toHaveText('Contact staged');
  });
});
