#!/usr/bin/env node
// Starts the seeded site on one port, running the compiled API (api/dist/server.js) with plain node.
// Builds what is missing first (the API, the front ends); `npm run build` rebuilds everything.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { spawn, spawnSync } from 'node:child_process';
import { FRONTENDS } from './workspaces.mjs';

const root = new URL('../', import.meta.url);
const built = {
  api: 'api/dist/server.js',
  ...Object.fromEntries(FRONTENDS.map((ws) => [ws, `${ws}/dist/index.html`])),
};
const mtime = (rel) => statSync(new URL(rel, root)).mtimeMs;
/** Newest change under the folders the API bundle is compiled from (its sources and @agency/contracts). */
const newestSource = () =>
  Math.max(
    ...['api/src/', 'packages/contracts/src/'].flatMap((dir) =>
      readdirSync(new URL(dir, root), { recursive: true }).map((f) => mtime(`${dir}${f}`)),
    ),
    mtime('api/build.mjs'),
  );
const missing = Object.keys(built).filter((ws) => !existsSync(new URL(built[ws], root)));
// A compiled API older than its sources would run yesterday's code: rebuild it (under a second).
if (!missing.includes('api') && mtime(built.api) < newestSource()) missing.unshift('api');
if (missing.length) {
  console.log(`Building ${missing.join(', ')}…`);
  const r = spawnSync(process.execPath, ['scripts/build.mjs', ...missing], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
// Production mode: React's server renderer and every library run their fast, quiet builds.
const server = spawn(process.execPath, ['--enable-source-maps', 'api/dist/server.js'], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
