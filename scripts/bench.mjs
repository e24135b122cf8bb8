#!/usr/bin/env node
// npm run bench: one report of build times, page weight per route, Lighthouse scores and web vitals
// (mobile and desktop), a phone's first tap and start-up (measure-interactive.mjs), and API throughput. Measures the built site on a fresh seeded database.
// Flags: --quick (skip Lighthouse desktop, 5 s API runs).
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { ROOT, startSite } from './bench-server.mjs';
import { FRONTENDS } from './workspaces.mjs';
import { measurePages } from './measure-pages.mjs';
import { measureInteractive, printInteractive } from './measure-interactive.mjs';
import { printLighthouse, runLighthouse } from './lighthouse-audit.mjs';
import { benchApi, printApi } from './bench-api.mjs';
import { benchFlight, printFlight } from './bench-flight.mjs';
import { benchRender, printRender } from './bench-render.mjs';
import { benchCrawl, printCrawl } from './bench-crawl.mjs';

const quick = process.argv.includes('--quick');

function timeBuild(args) {
  const t0 = Date.now();
  const r = spawnSync(process.execPath, ['scripts/build.mjs', ...args], { cwd: ROOT, stdio: 'ignore' });
  if (r.status !== 0) throw new Error(`build ${args.join(' ')} failed`);
  return (Date.now() - t0) / 1000;
}

console.log('Building (clean)…');
for (const ws of FRONTENDS) rmSync(path.join(ROOT, ws, 'dist'), { recursive: true, force: true });
const cleanBuild = timeBuild([]);
const oneRemote = timeBuild(['mf-contact']);

const site = await startSite({ port: 3750 });
const base = site.url.replace('127.0.0.1', 'localhost');
let weights;
let interactive;
let mobile;
let desktop;
try {
  const posts = await fetch(`${site.url}/api/blog-posts?published=true`).then((r) => r.json());
  const routes = [
    '/',
    '/services/seo',
    '/case-studies',
    '/blog',
    `/blog/${posts[0]?.slug ?? ''}`,
    '/resources',
    '/contact',
  ];
  weights = await measurePages(base, routes);
  // A phone's first tap and start-up (CDP throttling), on the routes issue 23 set targets for.
  interactive = await measureInteractive(base, ['/', '/contact', '/blog']);
  mobile = await runLighthouse(base, { routes });
  desktop = quick ? [] : await runLighthouse(base, { routes, desktop: true });
} finally {
  await site.stop();
}
const api = await benchApi({ duration: quick ? 5 : 10 });
const flight = await benchFlight();
const renders = await benchRender({ duration: quick ? 5 : 10 });
const crawl = await benchCrawl();

console.log('\n## Build');
console.log(
  `| clean build of every workspace | one remote (mf-contact) |\n| --- | --- |\n| ${cleanBuild.toFixed(1)} s | ${oneRemote.toFixed(1)} s |`,
);

console.log('\n## Page weight (first load, compressed bytes on the wire)');
console.log('| route | JS KB | CSS KB | JS files | requests | requests before LCP |');
console.log('| --- | --- | --- | --- | --- | --- |');
for (const w of weights) {
  console.log(
    `| ${w.path} | ${(w.jsBytes / 1024).toFixed(1)} | ${(w.cssBytes / 1024).toFixed(1)} | ${w.jsFiles} | ${w.requests} | ${w.requestsBeforeLcp} |`,
  );
}
printInteractive(interactive);
printLighthouse(mobile, 'mobile, simulated throttling');
if (desktop.length) printLighthouse(desktop, 'desktop');

console.log('\n## API (autocannon, loopback)');
printApi(api);
printFlight(flight);
printRender(renders);
printCrawl(crawl);
