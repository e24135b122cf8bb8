// 50 concurrent requests for one just-purged page: how many renders ran (the answers marked
// X-Cache: MISS; a page another request rendered is a HIT) and how many came back whole (200 with the
// page's <h1>). The page is a CMS page, kept, then dropped by a staff write to the pages family.
// Run alone: `node --import tsx scripts/bench-flight.mjs [--stand-in] [--requests 50]`
// (--stand-in: a built site of stand-ins whose render spends about 24 ms of CPU, like a real render of
// /blog, for a machine without `npm run build`'s output).
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { startSite } from './bench-server.mjs';

const STAND_IN_SHELL = `export const sharedSingletons = { react: (globalThis.__hostReact ??= {}) };
const burn = (ms) => { const until = performance.now() + ms; while (performance.now() < until); };
export async function render(req) {
  // Like the shell's: the layout's and the page's data through the API, then the HTML (CPU).
  await Promise.all(['/api/site-settings', '/api/services?published=true', '/api/pages' + req.url].map((u) =>
    req.fetch(u, {}).then((r) => r.text())));
  burn(24);
  return { html: '<main><h1>' + req.url + '</h1></main>', state: {}, rendered: Object.keys(req.remotes),
    leftToBrowser: [], problems: [] };
}`;

async function standInRoot() {
  const { standInSite } = await import('../api/src/test-support/stand-in-site.ts');
  const root = standInSite('bench-flight');
  writeFileSync(path.join(root, 'shell/dist/server/entry-server.js'), STAND_IN_SHELL);
  return root;
}

export async function benchFlight({ requests = 50, standIn = false } = {}) {
  const port = Number(process.env.BENCH_PORT) || 3760;
  const password = `bench-flight-${process.pid}-${Date.now()}`;
  const url = `http://127.0.0.1:${port}`;
  const site = await startSite({
    port,
    env: {
      ADMIN_PASSWORD: password,
      PUBLIC_URL: url,
      ...(standIn ? { SITE_ROOT: await standInRoot() } : {}),
    },
  });
  try {
    const auth = await fetch(`${site.url}/api/admin/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: site.url },
      body: JSON.stringify({ password }),
    });
    const cookie = auth.headers.get('set-cookie')?.split(';')[0];
    if (!cookie) throw new Error(`sign-in failed (${auth.status})`);
    const write = (body) =>
      fetch(`${site.url}/api/admin/pages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: site.url, cookie },
        body: JSON.stringify({ published: true, ...body }),
      }).then((r) => {
        if (r.status !== 201) throw new Error(`page write answered ${r.status}`);
      });
    const slug = `bench-flight-${Date.now()}`;
    await write({ name: 'Bench flight', slug, title: 'Bench flight', content: { body: '# Bench flight' } });
    const page = `${site.url}/${slug}`;
    await fetch(page);
    const kept = (await fetch(page)).headers.get('x-cache');
    // The purge: a write to the same family drops every page built from it.
    await write({ name: 'Purge', slug: `${slug}-purge`, title: 'Purge', content: { body: '# Purge' } });
    // Every connection open beforehand (a /healthz each), so the requests reach the server together.
    const agent = new http.Agent({ keepAlive: true, maxSockets: requests });
    const get = (target) =>
      new Promise((resolve, reject) => {
        http
          .get(target, { agent }, (res) => {
            let text = '';
            res.setEncoding('utf8');
            res.on('data', (chunk) => (text += chunk));
            res.on('end', () =>
              resolve({ status: res.statusCode, cache: res.headers['x-cache'] ?? null, text }),
            );
          })
          .on('error', reject);
      });
    await Promise.all(Array.from({ length: requests }, () => get(`${site.url}/healthz`)));
    const started = performance.now();
    const answers = (await Promise.all(Array.from({ length: requests }, () => get(page)))).map((a) => ({
      status: a.status,
      cache: a.cache,
      whole: /<h1[\s>]/.test(a.text),
    }));
    agent.destroy();
    const ms = Math.round(performance.now() - started);
    const count = (f) => answers.filter(f).length;
    return {
      requests,
      keptBefore: kept,
      renders: count((a) => a.cache === 'MISS'),
      stale: count((a) => a.cache === 'STALE'),
      whole: count((a) => a.status === 200 && a.whole),
      answers: [...new Set(answers.map((a) => `${a.status} ${a.cache ?? '-'}`))].map(
        (k) => `${count((a) => `${a.status} ${a.cache ?? '-'}` === k)}× ${k}`,
      ),
      ms,
    };
  } finally {
    await site.stop();
  }
}

export function printFlight(r) {
  console.log(
    `${r.requests} concurrent requests for one just-purged page: ${r.renders} render(s), ${r.whole} full pages` +
      ` (${r.stale} stale), all answered in ${r.ms} ms (answers: ${r.answers.join(', ')};` +
      ` kept before the purge: ${r.keptBefore})`,
  );
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  const i = process.argv.indexOf('--requests');
  printFlight(
    await benchFlight({
      requests: i > 0 ? Number(process.argv[i + 1]) : 50,
      standIn: process.argv.includes('--stand-in'),
    }),
  );
}
