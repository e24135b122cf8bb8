import { expect, test } from '@playwright/test';

/**
 * Byte and file budget for the first load of / (compressed JavaScript bodies on the wire, until the
 * network is idle): issue 23's target of 150 KB (and at most 15 files; 14 today, held here), counted
 * as scripts/measure-interactive.mjs counts them, response headers left out (HTTP/2 compresses them,
 * and they are not the page's weight). 363 KB with headers before the server render and the
 * JavaScript diet; 272 KB in 45 files when issue 23 was opened; 158.3 KB in 14 files after its diet;
 * 148.5 KB once cn() stopped shipping tailwind-merge, the header's icons were drawn inline and links
 * were filled without path-to-regexp. The budget stops regressions: lower it whenever the page gets
 * lighter, never raise it without a reason in docs/performance.md. Raised to 151 KB with issues 38 and
 * 41 (the visit-start recorder of lead sources and the footer's contact details: 150.2 KB measured).
 */
const JS_BUDGET_BYTES = 151 * 1024;
const JS_BUDGET_FILES = 14;

test('the first load of / stays within its JavaScript byte budget', async ({ page, context }) => {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const js = new Map<string, { url: string; head: number; bytes: number }>();
  cdp.on('Network.responseReceived', (e) => {
    // At this point the bytes received are the response's status line and headers.
    if (e.type === 'Script' || /javascript/.test(e.response.mimeType))
      js.set(e.requestId, { url: e.response.url, head: e.response.encodedDataLength, bytes: 0 });
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = js.get(e.requestId);
    if (r) r.bytes = Math.max(0, e.encodedDataLength - r.head);
  });
  await page.goto('/', { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const total = [...js.values()].reduce((sum, r) => sum + r.bytes, 0);
  const biggest = [...js.values()]
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, 5)
    .map((r) => `${Math.round(r.bytes / 1024)} KB ${r.url.replace(/^https?:\/\/[^/]+/, '')}`);
  expect(
    total,
    `JS on / is ${Math.round(total / 1024)} KB; biggest: ${biggest.join(', ')}`,
  ).toBeLessThanOrEqual(JS_BUDGET_BYTES);
  expect(js.size, `scripts on /: ${[...js.values()].map((r) => r.url).join(', ')}`).toBeLessThanOrEqual(
    JS_BUDGET_FILES,
  );
  // The measurement really saw the page's scripts (a broken measurement must not pass).
  expect(total).toBeGreaterThan(50 * 1024);
});
