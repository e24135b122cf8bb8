#!/usr/bin/env node
// When does a page start answering a visitor's thumb? Loads each route in Debian's Chromium as a new
// visitor on a phone would meet it: Lighthouse's mobile profile applied for real through the Chrome
// DevTools Protocol (150 ms round trips, 1.6 Mbps down, 750 Kbps up, 4x slower CPU, 375 px wide,
// touch, empty cache). Per route, two fresh loads:
// - start-up: no input; waits until no script has arrived and no long task has run for a quiet spell,
//   then reports when the heading showed, when the last script finished downloading and the last
//   long task ended (both from navigation start), the scripts fetched until then (files, KB on the
//   wire) and any console message about hydration;
// - first tap: taps the menu button as soon as the heading shows and every 100 ms after, until the
//   drawer shows; reports how long after the heading showed the drawer did, how long after the tap
//   that opened it, and how many taps it took.
// Usage: node scripts/measure-interactive.mjs [baseUrl] [path...]   (prints a table; --json for JSON)
/* global window, document, getComputedStyle, requestAnimationFrame, MutationObserver, addEventListener -- run in the page */
import { chromium } from '@playwright/test';
import { CHROMIUM_LAUNCH } from './chromium-launch.mjs';

const MOBILE = {
  latencyMs: 150,
  downloadKbps: 1638.4,
  uploadKbps: 750,
  cpuSlowdown: 4,
  viewport: { width: 375, height: 812 },
};
const QUIET_MS = 3000;
const MAX_WAIT_MS = 30_000;
const TAP_EVERY_MS = 100;


/** In the page from its first byte: when the heading showed, long tasks, when the drawer first showed. */
function pageProbe() {
  const w = window;
  w.__probe = { heading: 0, drawer: 0, hydrated: 0, longTaskEnd: 0, longTasks: 0, taps: [] };
  // The shell marks <html data-hydrated> once the page has hydrated (shell/src/layout/site-layout.tsx).
  // (The document has no root element yet when this runs: watch the whole document.)
  new MutationObserver((_, observer) => {
    if (document.documentElement?.hasAttribute('data-hydrated')) {
      w.__probe.hydrated = performance.now();
      observer.disconnect();
    }
  }).observe(document, { attributes: true, attributeFilter: ['data-hydrated'], subtree: true });
  // When each tap reached the page (the event's own time stamp: before any wait for the main thread).
  addEventListener('pointerdown', (e) => w.__probe.taps.push(e.timeStamp), { capture: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      w.__probe.longTasks++;
      w.__probe.longTaskEnd = Math.max(w.__probe.longTaskEnd, e.startTime + e.duration);
    }
  }).observe({ type: 'longtask', buffered: true });
  const shown = (el) => {
    if (!el) return false;
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
  };
  // Checked on every frame: the time is the frame's, i.e. when it was painted.
  const frame = (t) => {
    const p = w.__probe;
    if (!p.heading && shown(document.querySelector('main h1, h1'))) p.heading = t;
    if (!p.drawer && shown(document.querySelector('nav[aria-label="Mobile"]'))) p.drawer = t;
    if (!p.heading || !p.drawer) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

async function throttledPage(browser) {
  const context = await browser.newContext({
    viewport: MOBILE.viewport,
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: MOBILE.latencyMs,
    downloadThroughput: (MOBILE.downloadKbps * 1024) / 8,
    uploadThroughput: (MOBILE.uploadKbps * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: MOBILE.cpuSlowdown });
  await page.addInitScript(pageProbe);
  const console_ = [];
  page.on('console', (m) => {
    if (/hydrat|did not match|recoverable/i.test(m.text())) console_.push(m.text().slice(0, 200));
  });
  page.on('pageerror', (e) => console_.push(`pageerror: ${String(e.message).slice(0, 200)}`));
  return { context, page, cdp, console: console_ };
}

const isScript = (r) => r.type === 'Script' || /\.m?js(\?|$)/.test(r.url);

async function measureStartup(browser, url) {
  const { context, page, cdp, console: messages } = await throttledPage(browser);
  const requests = new Map();
  let navStart = 0;
  cdp.on('Network.requestWillBeSent', (e) => {
    if (!navStart && e.type === 'Document') navStart = e.timestamp;
    requests.set(e.requestId, { url: e.request.url, type: e.type, bytes: 0, head: 0, end: 0 });
  });
  // Bytes counted are the (compressed) body on the wire, without the response headers.
  cdp.on('Network.responseReceived', (e) => {
    const r = requests.get(e.requestId);
    if (r) r.head = e.response.encodedDataLength ?? 0;
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = requests.get(e.requestId);
    if (r) Object.assign(r, { bytes: Math.max(0, e.encodedDataLength - r.head), end: e.timestamp });
  });
  try {
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    const started = Date.now();
    let last = '';
    let quietSince = Date.now();
    // Quiet: no new script finished and no new long task for QUIET_MS.
    while (Date.now() - started < MAX_WAIT_MS) {
      await page.waitForTimeout(250);
      const probe = await page.evaluate(() => window.__probe);
      const scripts = [...requests.values()].filter((r) => isScript(r) && r.end).length;
      const state = `${scripts}/${probe.longTasks}/${[...requests.values()].filter((r) => !r.end).length}`;
      if (state !== last) {
        last = state;
        quietSince = Date.now();
      } else if (Date.now() - quietSince >= QUIET_MS) break;
    }
    const probe = await page.evaluate(() => window.__probe);
    const scripts = [...requests.values()].filter((r) => isScript(r) && r.end && !r.url.startsWith('data:'));
    if (process.env.LIST_SCRIPTS)
      for (const r of scripts)
        console.error(`  ${((r.end - navStart) * 1000).toFixed(0).padStart(6)} ms ${(r.bytes / 1024).toFixed(1).padStart(6)} KB ${r.url}`);
    const lastScript = scripts.length ? (Math.max(...scripts.map((r) => r.end)) - navStart) * 1000 : 0;
    return {
      headingMs: Math.round(probe.heading),
      hydratedMs: Math.round(probe.hydrated),
      lastScriptMs: Math.round(lastScript),
      lastLongTaskMs: Math.round(probe.longTaskEnd),
      startupMs: Math.round(Math.max(lastScript, probe.longTaskEnd)),
      jsFiles: scripts.length,
      jsKB: Math.round(scripts.reduce((s, r) => s + r.bytes, 0) / 102.4) / 10,
      hydrationMessages: messages,
    };
  } finally {
    await context.close();
  }
}

/** Where the menu button is at this viewport (measured on an unthrottled load). */
async function menuButtonCenter(browser, url) {
  const context = await browser.newContext({
    viewport: MOBILE.viewport,
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    javaScriptEnabled: false,
  });
  try {
    const page = await context.newPage();
    await page.goto(url);
    const box = await page.getByRole('button', { name: 'Open menu' }).boundingBox();
    if (!box) throw new Error(`no menu button on ${url}`);
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  } finally {
    await context.close();
  }
}

/**
 * A thumb that taps the menu button as soon as the heading shows, and again every TAP_EVERY_MS until
 * the drawer shows: the time from the heading showing to the drawer showing is what a visitor who
 * taps as soon as they see the page waits (taps that land before hydration and do nothing count).
 * `tapToOpen` is from the tap that opened it (its event time stamp) to the drawer painted.
 */
async function measureFirstTap(browser, url) {
  const at = await menuButtonCenter(browser, url);
  const { context, page, cdp } = await throttledPage(browser);
  try {
    await page.goto(url, { waitUntil: 'commit', timeout: 60_000 }).catch(() => {});
    // The thumb starts when the heading shows (checked in the page on every frame).
    await page.waitForFunction(() => window.__probe?.heading > 0, null, { polling: 'raf', timeout: 60_000 });
    const started = Date.now();
    while (Date.now() - started < MAX_WAIT_MS) {
      const probe = await page.evaluate(() => window.__probe).catch(() => undefined);
      if (probe?.drawer) {
        if (process.env.DEBUG_TAPS)
          console.error(JSON.stringify({ ...probe, taps: probe.taps.map(Math.round) }));
        // The tap that opened it: the last one before the drawer showed.
        const opener = probe.taps.filter((t) => t <= probe.drawer).at(-1) ?? probe.drawer;
        return {
          headingMs: Math.round(probe.heading),
          tapMs: Math.round(probe.drawer - probe.heading),
          tapToOpenMs: Math.round(probe.drawer - Math.max(opener, probe.heading)),
          taps: probe.taps.filter((t) => t >= probe.heading && t <= probe.drawer).length,
        };
      }
      const point = [{ x: at.x, y: at.y }];
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point });
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      await page.waitForTimeout(TAP_EVERY_MS);
    }
    return { headingMs: 0, tapMs: null, tapToOpenMs: null, taps: 0 };
  } finally {
    await context.close();
  }
}

export async function measureInteractive(baseUrl, paths) {
  const browser = await chromium.launch(CHROMIUM_LAUNCH);
  const rows = [];
  try {
    for (const p of paths) {
      const startup = await measureStartup(browser, baseUrl + p);
      const tap = await measureFirstTap(browser, baseUrl + p);
      rows.push({ path: p, ...startup, firstTapMs: tap.tapMs, tapToOpenMs: tap.tapToOpenMs, taps: tap.taps });
    }
  } finally {
    await browser.close();
  }
  return rows;
}

export function printInteractive(rows) {
  console.log(
    '\n## Start-up on a phone (CDP throttling: 150 ms RTT, 1.6 Mbps, 4x CPU, 375 px; times from navigation)',
  );
  console.log(
    '| route | heading | menu open after heading (taps) | tap to open | hydrated | last script | last long task | start-up finished | scripts | JS KB | hydration warnings |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  const s = (ms) => (ms === null ? 'never' : `${(ms / 1000).toFixed(2)} s`);
  for (const r of rows)
    console.log(
      `| ${r.path} | ${s(r.headingMs)} | ${s(r.firstTapMs)} (${r.taps}) | ${s(r.tapToOpenMs)} | ${s(r.hydratedMs)} | ${s(r.lastScriptMs)} | ${s(r.lastLongTaskMs)} | ${s(r.startupMs)} | ${r.jsFiles} | ${r.jsKB} | ${r.hydrationMessages.length} |`,
    );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2).filter((a) => a !== '--json');
  const [base = 'http://localhost:3000', ...paths] = args;
  const rows = await measureInteractive(base, paths.length ? paths : ['/', '/contact', '/blog']);
  if (process.argv.includes('--json')) console.log(JSON.stringify(rows, null, 2));
  else printInteractive(rows);
  for (const r of rows) for (const m of r.hydrationMessages) console.log(`${r.path}: ${m}`);
}
