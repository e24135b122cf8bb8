#!/usr/bin/env node
// npm run bench:edge: Debian's varnishd (deploy/varnish/default.vcl) in front of two instances of the
// built site on one PostgreSQL, all on loopback. Measures, for docs/performance.md:
//   - origin requests per URL for repeated anonymous GETs of the key routes (Varnish MISS answers);
//   - req/s through Varnish vs one instance directly (autocannon, same URL, same connections);
//   - purge latency: a staff save on instance A until Varnish answers the new content.
// Needs varnishd with vmod xkey and a PostgreSQL (BENCH_DATABASE_URL, default the loopback's); makes
// its own scratch database and drops it. BENCH_PORT moves the ports (BENCH_PORT, +1, +2).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { ROOT, startSite } from './bench-server.mjs';

const base = Number(process.env.BENCH_PORT) || 3760;
const [portA, portB, edgePort] = [base, base + 1, base + 2];
const edge = `http://127.0.0.1:${edgePort}`;
// startSite reads BENCH_PORT itself: each instance here gets its own port.
delete process.env.BENCH_PORT;
const pgUrl = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const ROUTES = [
  '/',
  '/services',
  '/blog',
  '/case-studies',
  '/about',
  '/contact',
  '/api/blog-posts?published=true',
];
const PASSWORD = `bench-edge-${process.pid}`;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const dbName = `bench_edge_${process.pid}`;
const admin = async (sql) => {
  const c = new pg.Client({ connectionString: pgUrl });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
};
await admin(`create database ${dbName}`);
const dbUrl = new URL(pgUrl);
dbUrl.pathname = `/${dbName}`;

const work = mkdtempSync(path.join(tmpdir(), 'bench-edge-'));
const cleanup = [];
try {
  const env = {
    DATABASE_URL: dbUrl.toString(),
    SEED: 'true',
    ADMIN_PASSWORD: PASSWORD,
    SHARED_CACHE_PURGE_URLS: `varnish+${edge}/`,
    // Loopback without a proxy header: the instances trust none.
  };
  // One first (it migrates and seeds), then the second.
  const a = await startSite({ port: portA, env });
  cleanup.push(a.stop);
  const b = await startSite({ port: portB, env });
  cleanup.push(b.stop);

  const vcl = readFileSync(path.join(ROOT, 'deploy/varnish/default.vcl'), 'utf8')
    .replace(/\.port = "3001"/, () => `.port = "${portA}"`)
    .replace(/\.port = "3002"/, () => `.port = "${portB}"`);
  writeFileSync(path.join(work, 'default.vcl'), vcl);
  const varnish = spawn(
    'varnishd',
    [
      '-F',
      '-j',
      'none',
      '-T',
      'none',
      '-n',
      path.join(work, 'n'),
      '-a',
      `127.0.0.1:${edgePort}`,
      '-f',
      path.join(work, 'default.vcl'),
      '-s',
      'malloc,256m',
    ],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  );
  cleanup.push(
    () =>
      new Promise((resolve) => {
        if (varnish.exitCode !== null) return resolve();
        varnish.once('exit', resolve);
        varnish.kill('SIGTERM');
      }),
  );
  for (let i = 0; ; i++) {
    const ok = await fetch(`${edge}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (i > 100) throw new Error('varnishd did not start');
    await sleep(100);
  }
  await sleep(2500); // both backends healthy, the start-up purges done

  // 1. Origin requests per URL: 100 GETs of each key route through Varnish.
  console.log('\n== origin requests per URL (100 anonymous GETs each, through Varnish) ==');
  const perUrl = {};
  for (const url of ROUTES) {
    let misses = 0;
    let status = 0;
    for (let i = 0; i < 100; i++) {
      const r = await fetch(`${edge}${url}`);
      status = r.status;
      await r.arrayBuffer();
      if (r.headers.get('x-shared-cache') !== 'HIT') misses++;
    }
    perUrl[url] = misses;
    console.log(`${url.padEnd(34)} ${status}  origin requests: ${misses}`);
  }

  // 2. Throughput: the same page, through Varnish and from one instance directly.
  const load = (url) =>
    new Promise((resolve, reject) =>
      autocannon({ url, connections: 50, duration: 10 }, (err, res) => (err ? reject(err) : resolve(res))),
    );
  console.log('\n== throughput: GET /blog, 50 connections, 10 s ==');
  const direct = await load(`http://127.0.0.1:${portA}/blog`);
  const through = await load(`${edge}/blog`);
  const rate = (r) => Math.round(r.requests.average);
  console.log(`one instance: ${rate(direct)} req/s (p99 ${direct.latency.p99} ms, non-2xx ${direct.non2xx})`);
  console.log(
    `through Varnish: ${rate(through)} req/s (p99 ${through.latency.p99} ms, non-2xx ${through.non2xx})`,
  );
  console.log(`ratio: ${(rate(through) / rate(direct)).toFixed(1)}x`);

  // 3. Purge latency: a staff save on A, until Varnish answers it (list and page), 5 times.
  console.log('\n== purge latency: staff save on instance A → new content through Varnish ==');
  const login = await fetch(`http://127.0.0.1:${portA}/api/admin/auth`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: `http://127.0.0.1:${portA}` },
    body: JSON.stringify({ password: PASSWORD }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
  const latencies = [];
  for (let i = 0; i < 5; i++) {
    await fetch(`${edge}/api/testimonials?published=true`).then((r) => r.arrayBuffer());
    await fetch(`${edge}/blog`).then((r) => r.arrayBuffer());
    const marker = `Edge bench ${process.pid}-${i}`;
    const started = performance.now();
    const saved = await fetch(`http://127.0.0.1:${portA}/api/admin/testimonials`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: `http://127.0.0.1:${portA}`, Cookie: cookie },
      body: JSON.stringify({ content: marker, name: 'Bench', published: true }),
    });
    if (saved.status !== 201) throw new Error(`save answered ${saved.status}`);
    for (;;) {
      const text = await fetch(`${edge}/api/testimonials?published=true`).then((r) => r.text());
      if (text.includes(marker)) break;
      if (performance.now() - started > 5000) throw new Error('not purged within 5 s');
      await sleep(5);
    }
    latencies.push(performance.now() - started);
    const blog = await fetch(`${edge}/blog`);
    await blog.arrayBuffer();
    console.log(
      `save ${i + 1}: visible through Varnish after ${latencies.at(-1).toFixed(0)} ms; /blog (another family) ${blog.headers.get('x-shared-cache')}`,
    );
  }
  latencies.sort((x, y) => x - y);
  console.log(`median ${latencies[2].toFixed(0)} ms, max ${latencies[4].toFixed(0)} ms`);
  console.log(
    JSON.stringify({
      perUrl,
      direct: rate(direct),
      varnish: rate(through),
      purgeMs: latencies.map(Math.round),
    }),
  );
} finally {
  for (const stop of cleanup.reverse()) await stop();
  rmSync(work, { recursive: true, force: true });
  await admin(`drop database if exists ${dbName} with (force)`).catch(() => {});
}
