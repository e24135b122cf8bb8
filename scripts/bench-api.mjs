// API throughput on loopback with autocannon: a cached public GET and /healthz, each beside a bare
// Express route answering the very same bytes in the same run, a cached page, uncached server renders,
// and contact POSTs on embedded PGlite with the stored rows checked.
// Run alone: `node --import tsx scripts/bench-api.mjs [--entry api/dist/server.js] [--duration 10]
// [--cpu-prof <dir>] [--reads]` (BENCH_PORT: the site's port, the bare server takes the next one).
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { argOf as arg, cpuSeconds, startSite } from './bench-server.mjs';

// The same answers as the site's, byte for byte: the cached read's body (read from the site first)
// and /healthz's, with the same Content-Type; the site adds its request id and security headers.
const BARE = `
const express = require('express');
const { readFileSync } = require('node:fs');
const services = readFileSync(process.env.SERVICES_BODY);
const app = express();
app.disable('x-powered-by');
app.get('/hello', (req, res) => res.json({ hello: 'world' }));
app.get('/healthz', (req, res) => {
  res.setHeader('Cache-Control', 'no-store');
  res.json({ status: 'ok' });
});
app.get('/api/services', (req, res) => {
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.send(services);
});
app.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('ready'));
`;

function startBare(port, servicesBody) {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'bench-bare-')), 'services.json');
  writeFileSync(file, servicesBody);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', BARE], {
      env: { ...process.env, PORT: String(port), SERVICES_BODY: file },
      cwd: new URL('..', import.meta.url).pathname,
    });
    child.stdout.once('data', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`bare server exited ${code}`)));
  });
}

/**
 * One autocannon run; with `pid`, also the server's CPU time per answered request, which a busy
 * shared machine disturbs far less than requests per second (the load generator competes for cores).
 */
const run = (opts, pid) =>
  new Promise((resolve, reject) => {
    const before = pid && cpuSeconds(pid);
    autocannon({ connections: 50, duration: 10, ...opts }, (err, result) => {
      if (err) return reject(err);
      const after = pid && cpuSeconds(pid);
      const answered = result.requests.total;
      result.cpuUsPerReq =
        before !== undefined && after !== undefined && answered
          ? Math.round(((after - before) * 1e6) / answered)
          : undefined;
      resolve(result);
    });
  });

const summary = (name, r) => ({
  name,
  reqPerSec: Math.round(r.requests.average),
  p50ms: r.latency.p50,
  p99ms: r.latency.p99,
  non2xx: r.non2xx,
  errors: r.errors + r.timeouts,
  total2xx: r['2xx'],
  cpuUsPerReq: r.cpuUsPerReq,
});

export async function benchApi({ duration = 10, entry, nodeArgs, readsOnly = false } = {}) {
  const site = await startSite({ port: 3730, entry, nodeArgs });
  const barePort = Number(new URL(site.url).port) + 1;
  let bare;
  try {
    const servicesUrl = `${site.url}/api/services?published=true`;
    const body = Buffer.from(await fetch(servicesUrl).then((r) => r.arrayBuffer())); // also warms the cache
    bare = await startBare(barePort, body);
    const bareServices = summary(
      'bare Express, same bytes as /api/services',
      await run({ url: `http://127.0.0.1:${barePort}/api/services?published=true`, duration }, bare.pid),
    );
    const cached = summary(
      'GET /api/services?published=true (cached)',
      await run({ url: servicesUrl, duration }, site.child.pid),
    );
    const bareHealth = summary(
      'bare Express /healthz',
      await run({ url: `http://127.0.0.1:${barePort}/healthz`, duration }, bare.pid),
    );
    const health = summary(
      'GET /healthz',
      await run({ url: `${site.url}/healthz`, duration }, site.child.pid),
    );
    if (readsOnly) {
      await site.stop();
      const rows = [bareServices, cached, bareHealth, health];
      return {
        rows,
        ratio: cached.reqPerSec / bareServices.reqPerSec,
        healthRatio: health.reqPerSec / bareHealth.reqPerSec,
      };
    }
    await fetch(`${site.url}/`); // the page cache too
    const page = summary(
      'GET / (server-rendered page, cached)',
      await run({ url: `${site.url}/`, duration }, site.child.pid),
    );
    // A staff cookie keeps a page out of the cache (an unknown one renders the visitor's page):
    // every request is a full server render.
    const render = summary(
      'GET / with a cookie (server render, uncached)',
      await run(
        {
          url: `${site.url}/`,
          duration,
          connections: 10,
          headers: { cookie: 'staff_session=bench' },
        },
        site.child.pid,
      ),
    );
    let n = 0;
    const contact = summary(
      'POST /api/contacts (PGlite)',
      await run(
        {
          url: `${site.url}/api/contacts`,
          duration,
          connections: 20,
          requests: [
            {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              setupRequest: (req) => ({
                ...req,
                body: JSON.stringify({
                  firstName: 'Bench',
                  lastName: `Run ${n++}`,
                  email: `bench${n}@example.com`,
                  company: 'Bench Co',
                  budget: '25k-50k',
                  goals: 'Measure contact throughput',
                }),
              }),
            },
          ],
        },
        site.child.pid,
      ),
    );
    await site.stop();
    // Nothing lost: every 201 is a stored row.
    // Run under tsx (npm run bench), so the API's own modules open the database it wrote.
    const { openDatabase } = await import('../api/src/db/client.ts');
    const { contactRequests, outboxJobs } = await import('../api/src/db/schema.ts');
    const { eq } = await import('drizzle-orm');
    const database = await openDatabase({ dataDir: site.dataDir });
    const stored = (await database.db.select({ id: contactRequests.id }).from(contactRequests)).length;
    // Each lead's notifications were queued with it (here the visitor's confirmation: no recipients are
    // set), and none was sent while the posts were answered (no SMTP_URL: they wait).
    const queued = (
      await database.db
        .select({ id: outboxJobs.id })
        .from(outboxJobs)
        .where(eq(outboxJobs.leadType, 'contacts'))
    ).length;
    await database.close();
    return {
      rows: [bareServices, cached, bareHealth, health, page, render, contact],
      ratio: cached.reqPerSec / bareServices.reqPerSec,
      healthRatio: health.reqPerSec / bareHealth.reqPerSec,
      contact,
      stored,
      queued,
    };
  } finally {
    await site.stop();
    bare?.kill();
  }
}

export function printApi(api) {
  console.log('| endpoint | req/s | p50 ms | p99 ms | non-2xx | errors | server CPU µs/req |');
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  for (const r of api.rows)
    console.log(
      `| ${r.name} | ${r.reqPerSec} | ${r.p50ms} | ${r.p99ms} | ${r.non2xx} | ${r.errors} | ${r.cpuUsPerReq ?? 'n/a'} |`,
    );
  const [bareServices, cached, bareHealth, health] = api.rows;
  const cpuRatio = (bare, ours) =>
    bare.cpuUsPerReq && ours.cpuUsPerReq
      ? ` (by server CPU per request: ${(bare.cpuUsPerReq / ours.cpuUsPerReq).toFixed(2)})`
      : '';
  console.log(
    `cached GET / bare Express (same bytes) = ${api.ratio.toFixed(2)}${cpuRatio(bareServices, cached)}`,
  );
  console.log(
    `/healthz / bare Express /healthz = ${api.healthRatio.toFixed(2)}${cpuRatio(bareHealth, health)}`,
  );
  if (api.contact)
    console.log(
      `contact POST: ${api.contact.total2xx} acknowledged, ${api.stored} stored, ${api.queued} notifications queued`,
    );
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  const prof = arg('--cpu-prof');
  const api = await benchApi({
    duration: Number(arg('--duration') ?? 10),
    entry: arg('--entry'),
    nodeArgs: prof ? ['--cpu-prof', `--cpu-prof-dir=${prof}`] : [],
    // --reads: the cached read and /healthz only (a CPU profile of the request path alone).
    readsOnly: process.argv.includes('--reads'),
  });
  printApi(api);
}
