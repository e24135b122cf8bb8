// Uncached server renders: the pages a cache cannot answer (a signed-in staff member's view, never
// kept: drafts), at 10 connections, with the server's CPU time per page; and with `--cpu-prof <dir>`
// a V8 profile of the server to read with scripts/cpu-profile-top.mjs (docs/performance.md, issue 43).
// Run alone: `node --import tsx scripts/bench-render.mjs [--entry api/dist/server.js] [--duration 10]
// [--paths /,/blog] [--cpu-prof <dir>]` after `npm run build`.
import autocannon from 'autocannon';
import { argOf as arg, cpuSeconds, startSite } from './bench-server.mjs';

export async function benchRender({
  entry = 'api/dist/server.js',
  duration = 10,
  paths = ['/', '/blog'],
  cpuProf,
} = {}) {
  const password = `bench-render-${process.pid}-${Date.now()}`;
  const site = await startSite({
    entry,
    env: { ADMIN_PASSWORD: password },
    nodeArgs: cpuProf ? ['--cpu-prof', `--cpu-prof-dir=${cpuProf}`] : [],
  });
  const rows = [];
  try {
    // A real staff session: its pages are rendered for it every time, with its drafts.
    const login = await fetch(`${site.url}/api/admin/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: site.url },
      body: JSON.stringify({ password }),
    });
    if (login.status !== 200) throw new Error(`sign-in answered ${login.status}`);
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .find((c) => c.startsWith('staff_session='));
    for (const p of paths) {
      // Warm: the server builds are loaded before the server listens; one render of its own.
      await fetch(`${site.url}${p}`, { headers: { cookie } });
      const before = cpuSeconds(site.child.pid);
      const r = await autocannon({
        url: `${site.url}${p}`,
        duration,
        connections: 10,
        headers: { cookie },
      });
      const cpu = cpuSeconds(site.child.pid) - before;
      const ok = r['2xx'];
      rows.push({
        path: p,
        reqPerSec: Math.round(r.requests.average),
        p50: r.latency.p50,
        p99: r.latency.p99,
        non2xx: r.non2xx,
        cpuMsPerPage: ok ? Math.round(((1000 * cpu) / ok) * 10) / 10 : undefined,
      });
    }
  } finally {
    await site.stop();
  }
  return rows;
}

export function printRender(rows) {
  console.log('\n## Uncached renders (signed-in staff, never cached, 10 connections)');
  console.log('| page | req/s | p50 ms | p99 ms | non-2xx | server CPU ms/page |');
  console.log('| --- | --- | --- | --- | --- | --- |');
  for (const r of rows)
    console.log(`| GET ${r.path} | ${r.reqPerSec} | ${r.p50} | ${r.p99} | ${r.non2xx} | ${r.cpuMsPerPage} |`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  printRender(
    await benchRender({
      entry: arg('--entry', 'api/dist/server.js'),
      duration: Number(arg('--duration', '10')),
      paths: arg('--paths', '/,/blog').split(','),
      cpuProf: arg('--cpu-prof'),
    }),
  );
}
