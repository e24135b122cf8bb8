#!/usr/bin/env node
// Measures how long `npm start` (scripts/start.mjs) takes from spawn until /readyz answers 200, over a
// few runs against a throwaway PGlite data directory (the first run creates and seeds it; the rest reopen it).
// Usage: node scripts/measure-start.mjs [runs=3] (PORT defaults to 3999; the front ends must be built).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const runs = Number(process.argv[2] ?? 3);
const port = Number(process.env.PORT ?? 3999);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'measure-start-'));
const root = new URL('../', import.meta.url);

async function once() {
  const started = performance.now();
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    stdio: 'ignore',
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
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
  const times = [];
  for (let i = 0; i < runs; i++) times.push(await once());
  console.log(
    `start → /readyz: ${times.map((t) => `${(t / 1000).toFixed(2)} s`).join(', ')} (first run creates the database)`,
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
