#!/usr/bin/env node
// Builds the API (api/dist/server.js, which `npm start` runs with plain node: see api/build.mjs), then
// the shell and every remote (two at a time: the machine has two cores): for each, the browser build
// (dist/) and then the server build (dist/server/), one version of the same source.
// `node scripts/build.mjs api shell` builds only the workspaces named.
import { spawn } from 'node:child_process';
import { FRONTENDS } from './workspaces.mjs';
import { precompressDir } from './precompress.mjs';
import { buildApi } from '../api/build.mjs';

const viteBin = new URL('../node_modules/vite/bin/vite.js', import.meta.url).pathname;
const only = process.argv.slice(2);
const withApi = !only.length || only.includes('api');
const targets = only.length ? only.filter((ws) => ws !== 'api') : FRONTENDS;

function vite(ws, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [viteBin, 'build', '--logLevel', 'warn', ...args], {
      cwd: new URL(`../${ws}/`, import.meta.url),
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' },
    });
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`build of ${ws} ${args.join(' ')} failed (exit ${code})`)),
    );
  });
}

async function build(ws) {
  const started = Date.now();
  await vite(ws, []);
  await vite(ws, ['--ssr']);
  const { before, after } = precompressDir(new URL(`../${ws}/dist/`, import.meta.url).pathname);
  console.log(
    `built ${ws} in ${((Date.now() - started) / 1000).toFixed(1)} s (${Math.round(before / 1024)} KB, ${Math.round(after / 1024)} KB brotli)`,
  );
}

const started = Date.now();
if (withApi) {
  const ms = await buildApi().catch((err) => {
    console.error(`build of api failed: ${err.message}`);
    process.exit(1);
  });
  console.log(`built api in ${(ms / 1000).toFixed(1)} s`);
}
const queue = [...targets];
await Promise.all(
  [0, 1].map(async () => {
    while (queue.length) await build(queue.shift());
  }),
).catch((err) => {
  console.error(err.message);
  process.exit(1);
});
console.log(
  `build: ${targets.length + (withApi ? 1 : 0)} workspaces in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
