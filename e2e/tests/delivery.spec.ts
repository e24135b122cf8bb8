import { expect, test } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT, clearReleases, runScript as run } from '../support/releases';
import { openPage } from '../support/site';

function treeHash(dir: string): string {
  const h = createHash('sha256');
  const walk = (d: string): string[] =>
    readdirSync(d).flatMap((n) =>
      statSync(path.join(d, n)).isDirectory() ? walk(path.join(d, n)) : [path.join(d, n)],
    );
  for (const file of walk(dir).sort()) h.update(path.relative(dir, file)).update(readFileSync(file));
  return h.digest('hex');
}

test.describe('independent delivery of a remote', () => {
  test.describe.configure({ timeout: 120_000 });
  test.afterAll(clearReleases);

  test('release a changed remote while the server runs, then roll back; the shell never changes', async ({
    page,
  }) => {
    const shellBefore = treeHash(path.join(ROOT, 'shell', 'dist'));
    const v1 = run('release.mjs', 'mf-contact');
    expect(v1.status, v1.output).toBe(0);
    expect(v1.output).toMatch(/Released mf-contact 1\.0\.0-[0-9a-f]{10}/);

    await openPage(page, '/contact');
    const eyebrow = page.locator('main p', { hasText: /^Contact/ }).first();
    await expect(eyebrow).toHaveText('Contact');

    // A new version of the contact remote, using Tailwind classes that nothing else on the site uses.
    const file = path.join(ROOT, 'mf-contact', 'src', 'pages', 'contact-page.tsx');
    const original = readFileSync(file, 'utf8');
    const marker = 'text-sm font-semibold uppercase tracking-wider text-brand-300">Contact<';
    expect(original).toContain(marker);
    try {
      writeFileSync(
        file,
        original.replace(
          marker,
          'text-sm font-semibold uppercase tracking-[0.42em] text-fuchsia-300">Contact v2<',
        ),
      );
      const v2 = run('release.mjs', 'mf-contact');
      expect(v2.status, v2.output).toBe(0);
      expect(v2.output).toContain('(was ');
    } finally {
      writeFileSync(file, original);
    }

    // The next page load shows the new version, styled by the CSS that travelled with it.
    await openPage(page, '/contact');
    await expect(eyebrow).toHaveText('Contact v2');
    const style = await eyebrow.evaluate((el) => {
      const cs = getComputedStyle(el);
      return { spacing: parseFloat(cs.letterSpacing) / parseFloat(cs.fontSize), color: cs.color };
    });
    expect(style.spacing).toBeCloseTo(0.42, 2);
    expect(style.color).not.toBe('rgb(144, 182, 255)'); // brand-300, the old colour
    const entryUrls: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('remoteEntry.js')) entryUrls.push(r.url());
    });
    await page.reload();
    await expect(eyebrow).toHaveText('Contact v2');
    // The text is server-rendered, so it shows before the browser fetches the release's entry to hydrate.
    await expect
      .poll(() =>
        entryUrls.some((u) => /\/releases\/mf-contact\/1\.0\.0-[0-9a-f]{10}\/remoteEntry\.js$/.test(u)),
      )
      .toBe(true);

    const back = run('rollback.mjs', 'mf-contact');
    expect(back.status, back.output).toBe(0);
    expect(back.output).toContain('Rolled back mf-contact');
    await openPage(page, '/contact');
    await expect(eyebrow).toHaveText('Contact');

    expect(treeHash(path.join(ROOT, 'shell', 'dist'))).toBe(shellBefore);
  });

  test('rollback without an earlier release is refused with a clear message', () => {
    clearReleases();
    const r = run('rollback.mjs', 'mf-cms');
    expect(r.status).toBe(1);
    expect(r.output).toContain('mf-cms has no earlier release to roll back to.');
  });
});

test.describe('failure isolation', () => {
  test('a remote whose entry hangs past the load timeout shows the contained fallback with Retry', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await page.route('**/remotes/mf-contact/remoteEntry.js', () => {
      /* never answer */
    });
    await page.goto('/contact');
    await expect(page.locator('main').getByRole('button', { name: 'Retry' })).toBeVisible({
      timeout: 25_000,
    });
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  });
});

test.describe('separate origins', () => {
  test('a remote served from a second loopback origin loads under the CSP and CORS settings', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const remotePort = 4700 + (Number(process.env.E2E_PORT ?? 3100) % 100);
    const sitePort = remotePort + 1;
    const children: ChildProcess[] = [];
    const start = (args: string[], env: NodeJS.ProcessEnv) => {
      const child = spawn(process.execPath, args, {
        cwd: ROOT,
        env: { ...process.env, ...env },
        stdio: 'ignore',
      });
      children.push(child);
    };
    try {
      start(
        ['scripts/serve-static.mjs', path.join(ROOT, 'mf-contact', 'dist'), String(remotePort), '127.0.0.1'],
        {},
      );
      // The compiled API, as `npm start` runs it (the e2e run builds it first).
      start(['--enable-source-maps', 'api/dist/server.js'], {
        NODE_ENV: 'production',
        PORT: String(sitePort),
        DATA_DIR: path.join(tmpdir(), `agency-e2e-origin-${Date.now()}`),
        RELEASES_DIR: path.join(tmpdir(), `agency-e2e-origin-releases-${Date.now()}`),
        REMOTE_MF_CONTACT_URL: `http://127.0.0.1:${remotePort}/remoteEntry.js`,
        LOG_LEVEL: 'warn',
      });
      await expect
        .poll(async () => (await fetch(`http://localhost:${sitePort}/healthz`).catch(() => null))?.status, {
          timeout: 60_000,
        })
        .toBe(200);
      const res = await page.request.get(`http://localhost:${sitePort}/contact`);
      expect(res.headers()['content-security-policy']).toContain(
        `script-src 'self' http://127.0.0.1:${remotePort}`,
      );
      const fromRemoteOrigin: string[] = [];
      page.on('response', (r) => {
        if (r.url().startsWith(`http://127.0.0.1:${remotePort}/`)) fromRemoteOrigin.push(r.url());
      });
      const cspErrors: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error' && /Content Security Policy|CORS/i.test(m.text())) cspErrors.push(m.text());
      });
      await page.goto(`http://localhost:${sitePort}/contact`);
      await expect(page.getByRole('heading', { level: 1 })).toContainText("Let's Build Your Growth Plan");
      expect(fromRemoteOrigin.some((u) => u.endsWith('/remoteEntry.js'))).toBe(true);
      expect(fromRemoteOrigin.some((u) => u.endsWith('.css'))).toBe(true);
      expect(cspErrors).toEqual([]);
    } finally {
      for (const c of children) c.kill('SIGTERM');
    }
  });
});
