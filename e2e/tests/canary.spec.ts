import { expect, request, test } from '@playwright/test';
import { clearReleases, runScript as run, stageContactWith } from '../support/releases';
import { openPage } from '../support/site';

const entryOf = (html: string) =>
  (
    JSON.parse(/id="remotes-manifest">([^<]*)<\/script>/.exec(html)![1]!) as {
      remotes: { mf_contact: { entry: string } };
    }
  ).remotes.mf_contact.entry;

test.describe('canary rollout', () => {
  test.describe.configure({ timeout: 240_000 });
  test.afterAll(clearReleases);

  test('at 50 % fresh visitors split about in half and keep their version; 100 % and rollback switch everyone', async ({
    page,
    baseURL,
  }) => {
    // The live release (the sources as they are), then a staged one with a different eyebrow.
    const live = run('release.mjs', 'mf-contact');
    expect(live.status, live.output).toBe(0);
    const released = /Released mf-contact (\S+)|mf-contact (\S+) is already the current/.exec(live.output);
    const liveVersion = released?.[1] ?? released?.[2];
    expect(liveVersion, live.output).toBeTruthy();
    const version = stageContactWith('canary');

    const canary = run('promote.mjs', 'mf-contact', version!, '--percent', '50');
    expect(canary.status, canary.output).toBe(0);

    // 200 fresh visitors (no cookie): about half get the canary; each keeps it, the manifest agrees.
    // (The share is checked within 0.35-0.65: 4.2 standard deviations of a fair draw at 200.)
    const VISITORS = 200;
    const visitors: { version: string; cookie: string }[] = [];
    for (let i = 0; i < VISITORS; i++) {
      const visitor = await request.newContext({ baseURL });
      const res = await visitor.get('/contact');
      expect(res.status()).toBe(200);
      const html = await res.text();
      // The version a visitor got: the entry in its page's inlined manifest (which the server render
      // used too; the browser part below checks the text it shows).
      const inCanary = entryOf(html) === `/releases/mf-contact/${version}/remoteEntry.js`;
      if (!inCanary) expect(entryOf(html)).toBe(`/releases/mf-contact/${liveVersion}/remoteEntry.js`);
      const cookie = res
        .headersArray()
        .find((h) => h.name.toLowerCase() === 'set-cookie' && h.value.startsWith('canary='));
      expect(cookie).toBeTruthy();
      visitors.push({ version: inCanary ? version! : 'live', cookie: cookie!.value.split(';')[0]! });
      if (i < 20) {
        for (let load = 0; load < 2; load++) {
          const again = await (await visitor.get('/contact')).text();
          expect(entryOf(again)).toBe(entryOf(html));
        }
        const manifest = (await (await visitor.get('/remotes-manifest.json')).json()) as {
          remotes: { mf_contact: { entry: string } };
        };
        expect(manifest.remotes.mf_contact.entry).toBe(entryOf(html));
      }
      await visitor.dispose();
    }
    const share = visitors.filter((v) => v.version === version).length / visitors.length;
    console.log(
      `canary at 50 %: ${Math.round(share * VISITORS)} of ${VISITORS} fresh visitors on ${version} (the others on ${liveVersion})`,
    );
    expect(share).toBeGreaterThan(0.35);
    expect(share).toBeLessThan(0.65);

    // In a browser: a visitor in the canary hydrates with the canary's code, and stays on it.
    const inside = visitors.find((v) => v.version === version)!;
    const [name, value] = inside.cookie.split('=');
    await page.context().addCookies([{ name: name!, value: value!, url: baseURL! }]);
    const entries: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('remoteEntry.js') && r.url().includes('mf-contact')) entries.push(r.url());
    });
    const eyebrow = page.locator('main p', { hasText: /^Contact/ }).first();
    await openPage(page, '/contact');
    await expect(eyebrow).toHaveText('Contact canary');
    expect(entries.some((u) => u.endsWith(`/releases/mf-contact/${version}/remoteEntry.js`))).toBe(true);
    await openPage(page, '/contact');
    await expect(eyebrow).toHaveText('Contact canary');

    // Rollback ends the canary: this visitor too is back on the live version.
    const rolled = run('rollback.mjs', 'mf-contact');
    expect(rolled.status, rolled.output).toBe(0);
    await openPage(page, '/contact');
    await expect(eyebrow).toHaveText('Contact');

    // Again at 50 %, then 100 %: everyone, those drawn out too, on the new version.
    expect(run('promote.mjs', 'mf-contact', version!, '--percent', '50').status).toBe(0);
    const done = run('promote.mjs', 'mf-contact', version!, '--percent', '100');
    expect(done.status, done.output).toBe(0);
    for (const v of visitors.filter((x) => x.version === 'live').slice(0, 5)) {
      const visitor = await request.newContext({ baseURL, extraHTTPHeaders: { cookie: v.cookie } });
      expect(entryOf(await (await visitor.get('/contact')).text())).toBe(
        `/releases/mf-contact/${version}/remoteEntry.js`,
      );
      await visitor.dispose();
    }
    await page.context().clearCookies();
    await openPage(page, '/contact');
    await expect(eyebrow).toHaveText('Contact canary');
  });
});
