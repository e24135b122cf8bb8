// API throughput on loopback with autocannon: a cached public GET and a cached page beside a bare
// Express "hello" route measured in the same run, uncached server renders, and contact POSTs on
// embedded PGlite with the stored rows checked.
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { startSite } from './bench-server.mjs';

const HELLO = `
const express = require('express');
const app = express();
app.disable('x-powered-by');
app.get('/hello', (req, res) => res.json({ hello: 'world' }));
app.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('ready'));
`;

function startHello(port) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', HELLO], {
      env: { ...process.env, PORT: String(port) },
      cwd: new URL('..', import.meta.url).pathname,
    });
    child.stdout.once('data', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`hello server exited ${code}`)));
  });
}

const run = (opts) =>
  new Promise((resolve, reject) => {
    autocannon({ connections: 50, duration: 10, ...opts }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
  });

const summary = (name, r) => ({
  name,
  reqPerSec: Math.round(r.requests.average),
  p50ms: r.latency.p50,
  p99ms: r.latency.p99,
  non2xx: r.non2xx,
  errors: r.errors + r.timeouts,
  total2xx: r['2xx'],
});

export async function benchApi({ duration = 10 } = {}) {
  const hello = await startHello(3731);
  const site = await startSite({ port: 3730 });
  try {
    await fetch(`${site.url}/api/services?published=true`); // warm the cache
    const helloResult = summary(
      'bare Express hello',
      await run({ url: 'http://127.0.0.1:3731/hello', duration }),
    );
    const cached = summary(
      'GET /api/services?published=true (cached)',
      await run({ url: `${site.url}/api/services?published=true`, duration }),
    );
    await fetch(`${site.url}/`); // the page cache too
    const page = summary('GET / (server-rendered page, cached)', await run({ url: `${site.url}/`, duration }));
    // A query string keeps a page out of the cache: every request is a full server render.
    let q = 0;
    const render = summary(
      'GET /?q=<n> (server render, uncached)',
      await run({
        url: `${site.url}/`,
        duration,
        connections: 10,
        requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: `/?q=${q++}` }) }],
      }),
    );
    let n = 0;
    const contact = summary(
      'POST /api/contacts (PGlite)',
      await run({
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
      }),
    );
    await site.stop();
    // Nothing lost: every 201 is a stored row.
    // Run under tsx (npm run bench), so the API's own modules open the database it wrote.
    const { openDatabase } = await import('../api/src/db/client.ts');
    const { contactRequests } = await import('../api/src/db/schema.ts');
    const database = await openDatabase({ dataDir: site.dataDir });
    const stored = (await database.db.select({ id: contactRequests.id }).from(contactRequests)).length;
    await database.close();
    return { rows: [helloResult, cached, page, render, contact], ratio: cached.reqPerSec / helloResult.reqPerSec, stored };
  } finally {
    await site.stop();
    hello.kill();
  }
}
