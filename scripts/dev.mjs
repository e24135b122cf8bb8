#!/usr/bin/env node
// npm run dev: API (restarts on change), every remote's Vite dev server and the shell's, with hot reload.
// The API's manifest points each remote at its dev server, so the shell composes them as in production.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const vite = path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
const REMOTES = [
  ['mf-marketing', 5101, 'REMOTE_MF_MARKETING_URL'],
  ['mf-content', 5102, 'REMOTE_MF_CONTENT_URL'],
  ['mf-contact', 5103, 'REMOTE_MF_CONTACT_URL'],
  ['mf-cms', 5104, 'REMOTE_MF_CMS_URL'],
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
run('api', ['--import', 'tsx', '--watch', 'api/src/server.ts'], { env: { PORT: '3000', ...remoteEnv } });
for (const [folder, port] of REMOTES)
  run(folder, [vite, '--port', String(port), '--strictPort'], { cwd: path.join(ROOT, folder) });
run('shell', [vite, '--port', '5173', '--strictPort'], { cwd: path.join(ROOT, 'shell') });

console.log('Open http://localhost:5173 (shell with hot reload; API on http://localhost:3000)');
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
