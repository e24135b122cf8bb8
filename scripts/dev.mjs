#!/usr/bin/env node
// npm run dev: API (restarts on change), every remote's Vite dev server and the shell's, with hot reload.
// The API's manifest points each remote at its dev server, so the shell composes them as in production.
// PORT (optional) is the address to open, the shell's; the API and the remotes take the five after it,
// so a second checkout runs beside the first (PORT=6100 npm run dev). Unset: 5173, API 3000, 5101-5104.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { devPorts } from './dev-ports.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const vite = path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js');

const ports = devPorts(process.env.PORT);
const REMOTES = [
  ['mf-marketing', ports.remotes[0], 'REMOTE_MF_MARKETING_URL'],
  ['mf-content', ports.remotes[1], 'REMOTE_MF_CONTENT_URL'],
  ['mf-contact', ports.remotes[2], 'REMOTE_MF_CONTACT_URL'],
  ['mf-cms', ports.remotes[3], 'REMOTE_MF_CMS_URL'],
];

const colors = [36, 35, 33, 32, 34, 31];
const children = [];
function run(label, args, opts = {}) {
  const color = colors[children.length % colors.length];
  const child = spawn(process.execPath, args, {
    cwd: opts.cwd ?? ROOT,
    env: { ...process.env, ...opts.env },
  });
  const prefix = `\x1b[${color}m${label.padEnd(12)}\x1b[0m `;
  for (const stream of [child.stdout, child.stderr]) {
    stream.on('data', (d) => process.stdout.write(String(d).replace(/^(?=.)/gm, () => prefix)));
  }
  child.on('exit', (code) => console.log(`${prefix}exited (${code})`));
  children.push(child);
}

const remoteEnv = Object.fromEntries(
  REMOTES.map(([, port, key]) => [key, `http://localhost:${port}/remoteEntry.js`]),
);
const shellUrl = `http://localhost:${ports.shell}`;
const apiUrl = `http://localhost:${ports.api}`;
run('api', ['--import', 'tsx', '--watch', 'api/src/server.ts'], {
  // Pages are opened through the shell's server (it proxies /api): absolute links name it.
  env: { PORT: String(ports.api), PUBLIC_URL: process.env.PUBLIC_URL || shellUrl, ...remoteEnv },
});
for (const [folder, port] of REMOTES)
  run(folder, [vite, '--port', String(port), '--strictPort'], {
    cwd: path.join(ROOT, folder),
    env: { DEV_SERVER_PORT: String(port) },
  });
run('shell', [vite, '--port', String(ports.shell), '--strictPort'], {
  cwd: path.join(ROOT, 'shell'),
  env: { DEV_SERVER_PORT: String(ports.shell), DEV_API_URL: apiUrl },
});

console.log(`Open ${shellUrl} (shell with hot reload; API on ${apiUrl})`);
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
