// Starts the real site (built front ends + API) on a fresh database for measurements.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * `entry`: the server to run: the TypeScript source through tsx (default), or a compiled bundle
 * (`api/dist/server.js`, what `npm start` runs) with plain node. `nodeArgs`: e.g. `--cpu-prof`.
 * BENCH_PORT (environment) overrides `port`, so runs on a shared machine can keep to their own ports;
 * BENCH_ENTRY overrides `entry` (npm run bench:load against another build).
 */
export async function startSite({ port = 3700, env = {}, entry = 'api/src/server.ts', nodeArgs = [] } = {}) {
  port = Number(process.env.BENCH_PORT) || port;
  // BENCH_ENTRY: another server to measure the same way (e.g. a build of the previous commit).
  entry = process.env.BENCH_ENTRY || entry;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-data-'));
  const runner = entry.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const child = spawn(process.execPath, [...nodeArgs, ...runner, entry], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_SCALE: '100000',
      ADMIN_PASSWORD: `bench-${process.pid}-${Date.now()}`,
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode})`);
    const ok = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve(child.exitCode);
      child.once('exit', resolve);
      child.kill('SIGTERM');
    });
  return { url, dataDir, child, stop };
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux); undefined elsewhere. */
export function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ 100)
  } catch {
    return undefined;
  }
}

/** A bench script's `--name value` from its command line, else `fallback`. */
export const argOf = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : fallback;
};
