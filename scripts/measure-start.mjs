#!/usr/bin/env node
// Measures how long the server takes from spawn until /readyz answers 200: the compiled server that
// `npm start` runs (api/dist/server.js) and the same code through tsx (as `npm start` ran it before),
// alternately, so both see the same machine load. A throwaway PGlite data directory is created and
// seeded by a first, unmeasured start. Usage: node scripts/measure-start.mjs [runs=3]
// (PORT defaults to 3999; `npm run build` first).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const runs = Number(process.argv[2] ?? 3);
const port = Number(process.env.PORT ?? 3999);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'measure-start-'));
const root = new URL('../', import.meta.url);

const COMMANDS = {
  compiled: ['--enable-source-maps', 'api/dist/server.js'],
  tsx: ['--import', 'tsx', 'api/src/server.ts'],
};

async function once(args) {
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    stdio: 'ignore',
    env: {
      NODE_ENV: 'production',
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      const ok = await fetch(`http://127.0.0.1:${port}/readyz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return performance.now() - started;
      await new Promise((r) => setTimeout(r, 25));
    }
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

try {
  await once(COMMANDS.compiled);
  const times = { compiled: [], tsx: [] };
  for (let i = 0; i < runs; i++)
    for (const [name, args] of Object.entries(COMMANDS)) times[name].push(await once(args));
  for (const [name, list] of Object.entries(times)) {
    const sorted = [...list].sort((a, b) => a - b);
    console.log(
      `${name}: start → /readyz median ${(sorted[Math.floor(sorted.length / 2)] / 1000).toFixed(2)} s (${list.map((t) => (t / 1000).toFixed(2)).join(', ')})`,
    );
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
