#!/usr/bin/env node
// Page weight of first loads in Debian's Chromium: JS/CSS bytes on the wire (compressed), request
// count, and requests started before the largest contentful paint.
// Usage: node scripts/measure-pages.mjs [baseUrl] [path...]   (prints JSON lines)
import { chromium } from '@playwright/test';
import { CHROMIUM_LAUNCH } from './chromium-launch.mjs';

export async function measurePages(baseUrl, paths) {
  const browser = await chromium.launch(CHROMIUM_LAUNCH);
  const results = [];
  try {
    for (const p of paths) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      const requests = new Map();
      cdp.on('Network.requestWillBeSent', (e) =>
        requests.set(e.requestId, { url: e.request.url, t: e.timestamp, type: e.type, bytes: 0 }),
      );
      cdp.on('Network.responseReceived', (e) => {
        const r = requests.get(e.requestId);
        if (r) r.mime = e.response.mimeType;
      });
      cdp.on('Network.loadingFinished', (e) => {
        const r = requests.get(e.requestId);
        if (r) r.bytes = e.encodedDataLength;
      });
      await page.addInitScript(() => {
        window.__lcp = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) window.__lcp = entry.startTime;
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      });
      const t0 = Date.now();
      await page.goto(baseUrl + p, { waitUntil: 'networkidle' });
      await page.waitForTimeout(300);
      const lcp = await page.evaluate(() => window.__lcp);
      const all = [...requests.values()].filter((r) => !r.url.startsWith('data:'));
      const firstT = Math.min(...all.map((r) => r.t));
      const isJs = (r) => /javascript/.test(r.mime ?? '') || /\.m?js(\?|$)/.test(r.url);
      const isCss = (r) => /css/.test(r.mime ?? '') || /\.css(\?|$)/.test(r.url);
      results.push({
        path: p,
        requests: all.length,
        requestsBeforeLcp: all.filter((r) => (r.t - firstT) * 1000 <= lcp).length,
        jsBytes: all.filter(isJs).reduce((s, r) => s + r.bytes, 0),
        cssBytes: all.filter(isCss).reduce((s, r) => s + r.bytes, 0),
        jsFiles: all.filter(isJs).length,
        lcpMs: Math.round(lcp),
        loadMs: Date.now() - t0,
      });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [base = 'http://localhost:3000', ...paths] = process.argv.slice(2);
  for (const r of await measurePages(base, paths.length ? paths : ['/', '/contact']))
    console.log(JSON.stringify(r));
}
