#!/usr/bin/env node
// Starts the seeded site on one port. Builds the front ends first when any build is missing.
import { existsSync } from 'node:fs';
import { spawn, spawnSync } from 'node:child_process';
import { FRONTENDS } from './workspaces.mjs';

const root = new URL('../', import.meta.url);
const missing = FRONTENDS.filter((ws) => !existsSync(new URL(`${ws}/dist/index.html`, root)));
if (missing.length) {
  console.log(`Building ${missing.join(', ')}…`);
  const r = spawnSync(process.execPath, ['scripts/build.mjs', ...missing], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
// Production mode: React's server renderer and every library run their fast, quiet builds.
const server = spawn(process.execPath, ['--import', 'tsx', 'api/src/server.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
