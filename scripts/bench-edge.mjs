#!/usr/bin/env node
// npm run bench:edge: Debian's varnishd (deploy/varnish/default.vcl) in front of two instances of the
// built site on one PostgreSQL, all on loopback. Measures, for docs/performance.md:
//   - origin requests per URL for repeated anonymous GETs of the key routes (Varnish MISS answers);
//   - req/s through Varnish vs one instance directly (autocannon, same URL, same connections);
//   - purge latency: a staff save on instance A until Varnish answers the new content;
//   - PostgreSQL lost for 30 s (a TCP proxy between the instances and PostgreSQL, cut for the
//     phase; the machine's server keeps running): errors through Varnish, a staff write during the
//     outage, and a staff save after it visible through Varnish with no manual purge.
// Needs varnishd with vmod xkey and a PostgreSQL (BENCH_DATABASE_URL, default the loopback's); makes
// its own scratch database and drops it. BENCH_PORT moves the ports (BENCH_PORT, +1, +2).
import { spawn } from 'node:child_process';
import net from 'node:net';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { ROOT, startSite } from './bench-server.mjs';

const base = Number(process.env.BENCH_PORT) || 3760;
const [portA, portB, edgePort, proxyPort] = [base, base + 1, base + 2, base + 3];
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
const directDbUrl = dbUrl.toString();

// The instances reach PostgreSQL through this proxy, so phase 4 can take it away from them (every
// open connection reset, new ones refused) without touching the server itself.
const pgTarget = { host: dbUrl.hostname, port: Number(dbUrl.port) || 5432 };
const proxySockets = new Set();
let pgCut = false;
const proxy = net.createServer((client) => {
  if (pgCut) return client.destroy();
  const upstream = net.connect(pgTarget);
  for (const s of [client, upstream]) {
    proxySockets.add(s);
    s.on('close', () => proxySockets.delete(s));
    s.on('error', () => {});
  }
  client.pipe(upstream).pipe(client);
  client.on('close', () => upstream.destroy());
  upstream.on('close', () => client.destroy());
});
await new Promise((resolve) => proxy.listen(proxyPort, '127.0.0.1', resolve));
const cutPostgres = () => {
  pgCut = true;
  for (const s of proxySockets) s.destroy();
};
dbUrl.hostname = '127.0.0.1';
dbUrl.port = String(proxyPort);

const work = mkdtempSync(path.join(tmpdir(), 'bench-edge-'));
const cleanup = [];
try {
  const env = {
    DATABASE_URL: dbUrl.toString(),
    SEED: 'true',
    ADMIN_PASSWORD: PASSWORD,
    SHARED_CACHE_PURGE_URLS: `varnish+${edge}/`,
    // Short, so Varnish's copies are stale (past s-maxage) during phase 4's outage and it must go to
    // the instances or answer from grace; phases 1–3 are unaffected (a stale copy is still a HIT).
    SHARED_CACHE_MAX_AGE_SECONDS: '5',
    // Loopback without a proxy header: the instances trust none.
  };
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
  // The cache first, as in a deployment: each instance's purge-everything at start then reaches it at
  // once. (Started the other way round, a start-up purge still retrying with backoff landed in the
  // middle of phase 1 and counted as a second origin request for the routes measured then.)
  // Then the instances: one first (it migrates and seeds), then the second.
  const a = await startSite({ port: portA, env });
  cleanup.push(a.stop);
  const b = await startSite({ port: portB, env });
  cleanup.push(b.stop);

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

  // 4. PostgreSQL lost for 30 s: the seven routes through Varnish all along (4 clients), a staff write
  //    during the outage, then a staff save after it, visible through Varnish with no manual purge.
  const OUTAGE_MS = Number(process.env.BENCH_OUTAGE_MS) || 30_000;
  console.log(
    `\n== PostgreSQL unreachable for ${OUTAGE_MS / 1000} s (proxy cut), the seven routes through Varnish ==`,
  );
  const warm = [];
  for (const url of ROUTES) {
    for (let i = 0; i < 2; i++) {
      const r = await fetch(`${edge}${url}`);
      await r.arrayBuffer();
      if (i === 1) warm.push(`${url} ${r.headers.get('x-shared-cache')} ${r.headers.get('cache-control')}`);
    }
  }
  console.log(`before the cut: ${warm.join('; ')}`);
  const outage = { requests: 0, errors: 0, statuses: {}, hit: 0, miss: 0, staleAge: 0, errorsPerUrl: {} };
  const failed = (url) => {
    outage.errors++;
    outage.errorsPerUrl[url] = (outage.errorsPerUrl[url] ?? 0) + 1;
  };
  const cutAt = performance.now();
  cutPostgres();
  const during = async () => {
    for (let i = 0; performance.now() - cutAt < OUTAGE_MS; i++) {
      const url = ROUTES[i % ROUTES.length];
      outage.requests++;
      try {
        const r = await fetch(`${edge}${url}`);
        await r.arrayBuffer();
        outage.statuses[r.status] = (outage.statuses[r.status] ?? 0) + 1;
        if (r.status >= 400) failed(`${url} ${r.status} ${r.headers.get('cache-control')}`);
        // Age past s-maxage (5 s): a stale copy, from grace or while it was refreshed.
        if (Number(r.headers.get('age')) > 5) outage.staleAge++;
        if (r.headers.get('x-shared-cache') === 'HIT') outage.hit++;
        else outage.miss++;
      } catch {
        failed(url);
      }
    }
  };
  const outageMarker = `Edge outage ${process.pid}`;
  const writeDuring = (async () => {
    await sleep(5000);
    const r = await fetch(`http://127.0.0.1:${portA}/api/admin/testimonials`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: `http://127.0.0.1:${portA}`, Cookie: cookie },
      body: JSON.stringify({ content: outageMarker, name: 'Bench', published: true }),
    });
    return { status: r.status, body: (await r.text()).slice(0, 200) };
  })();
  const pageDuringA = (async () => {
    await sleep(10_000);
    const r = await fetch(`http://127.0.0.1:${portA}/services?outage=${process.pid}`);
    await r.arrayBuffer();
    return r.status;
  })();
  await Promise.all([during(), during(), during(), during()]);
  const staffWrite = await writeDuring;
  const uncachedDirect = await pageDuringA;
  pgCut = false;
  const restoredAt = performance.now();
  console.log(
    `${outage.requests} requests in ${OUTAGE_MS / 1000} s: errors ${outage.errors}, statuses ${JSON.stringify(outage.statuses)}, HIT ${outage.hit}, MISS ${outage.miss}, older than s-maxage ${outage.staleAge}; errors per URL ${JSON.stringify(outage.errorsPerUrl)}`,
  );
  console.log(`staff write on A during the outage: ${staffWrite.status} ${staffWrite.body}`);
  console.log(`an uncached page straight from A during the outage: ${uncachedDirect}`);
  const check = new pg.Client({ connectionString: directDbUrl });
  await check.connect();
  const stored = (
    await check.query('select count(*)::int as n from testimonials where content = $1', [outageMarker])
  ).rows[0].n;
  await check.end();
  console.log(`rows of that write stored: ${stored}`);

  // After: a staff save on B (its pool reconnects on its own), then Varnish until it shows it.
  const afterMarker = `Edge after outage ${process.pid}`;
  let saveStatus = 0;
  let saveTries = 0;
  let savedAt = 0;
  for (;;) {
    saveTries++;
    const r = await fetch(`http://127.0.0.1:${portB}/api/admin/testimonials`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: `http://127.0.0.1:${portB}`, Cookie: cookie },
      body: JSON.stringify({ content: afterMarker, name: 'Bench', published: true }),
    });
    await r.arrayBuffer();
    saveStatus = r.status;
    if (r.status === 201) {
      savedAt = performance.now();
      break;
    }
    if (performance.now() - restoredAt > 30_000) throw new Error(`no save after the outage (${r.status})`);
    await sleep(200);
  }
  let visibleMs = -1;
  for (;;) {
    const text = await fetch(`${edge}/api/testimonials?published=true`).then((r) => r.text());
    if (text.includes(afterMarker)) {
      visibleMs = performance.now() - savedAt;
      break;
    }
    if (performance.now() - savedAt > 10_000) break;
    await sleep(5);
  }
  console.log(
    `after the proxy is back: staff save on B ${saveStatus} after ${(savedAt - restoredAt).toFixed(0)} ms (${saveTries} tries); ` +
      (visibleMs >= 0
        ? `visible through Varnish ${visibleMs.toFixed(0)} ms later`
        : 'NOT visible through Varnish within 10 s'),
  );
  console.log(
    JSON.stringify({
      perUrl,
      direct: rate(direct),
      varnish: rate(through),
      purgeMs: latencies.map(Math.round),
      outage: { ...outage, staffWrite: staffWrite.status, stored, afterSaveVisibleMs: Math.round(visibleMs) },
    }),
  );
} finally {
  for (const stop of cleanup.reverse()) await stop();
  cutPostgres();
  proxy.close();
  rmSync(work, { recursive: true, force: true });
  await admin(`drop database if exists ${dbName} with (force)`).catch(() => {});
}
