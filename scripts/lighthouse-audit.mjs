#!/usr/bin/env node
// npm run audit:lighthouse: Lighthouse (Debian chromium) on the key routes; prints the four category
// scores per route. Uses BASE_URL when given, else builds if needed and starts a seeded site.
// Flags: --desktop (desktop preset), --json (print JSON only).
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ROOT, startSite } from './bench-server.mjs';

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
];

async function firstBlogPost(base) {
  const posts = await fetch(`${base}/api/blog-posts?published=true`).then((r) => (r.ok ? r.json() : []));
  return Array.isArray(posts) && posts[0]?.slug ? `/blog/${posts[0].slug}` : '/blog';
}

export async function runLighthouse(base, { desktop = false, routes } = {}) {
  const paths = routes ?? [
    '/',
    '/services/seo',
    '/blog',
    await firstBlogPost(base),
    '/case-studies',
    '/resources',
    '/contact',
  ];
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  });
  const rows = [];
  try {
    for (const p of paths) {
      // A run that ends in a runtime error (seen on a cold first desktop run) scores 0 everywhere: retry it.
      let result;
      for (let attempt = 0; attempt < 3; attempt++) {
        result = await lighthouse(
          base + p,
          { port: chrome.port, output: 'json', logLevel: 'error' },
          desktop ? desktopConfig : undefined,
        );
        if (!result.lhr.runtimeError && result.lhr.categories.performance?.score !== null) break;
      }
      const { categories, audits } = result.lhr;
      const score = (k) => Math.round((categories[k]?.score ?? 0) * 100);
      rows.push({
        route: p,
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
        lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? 0),
        cls: Number((audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
        tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? 0),
        failing: ['accessibility', 'seo']
          .flatMap((k) => categories[k]?.auditRefs ?? [])
          .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
          .map((ref) => ref.id),
      });
    }
  } finally {
    await chrome.kill();
  }
  return rows;
}

export function printLighthouse(rows, label) {
  console.log(`\nLighthouse (${label})`);
  console.log('| route | perf | a11y | best practices | SEO | LCP ms | CLS | TBT ms |');
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const r of rows) {
    console.log(
      `| ${r.route} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${r.lcpMs} | ${r.cls} | ${r.tbtMs} |`,
    );
  }
  const failing = rows.filter((r) => r.failing.length);
  for (const r of failing) console.log(`  ${r.route}: failing a11y/SEO audits: ${r.failing.join(', ')}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const desktop = process.argv.includes('--desktop');
  let base = process.env.BASE_URL;
  let site;
  if (!base) {
    if (!existsSync(path.join(ROOT, 'shell', 'dist', 'index.html'))) {
      spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: ROOT, stdio: 'inherit' });
    }
    site = await startSite({ port: 3710 });
    base = site.url.replace('127.0.0.1', 'localhost');
  }
  try {
    const rows = await runLighthouse(base, { desktop });
    if (process.argv.includes('--json')) console.log(JSON.stringify(rows));
    else printLighthouse(rows, desktop ? 'desktop' : 'mobile, simulated throttling');
  } finally {
    await site?.stop();
  }
}
