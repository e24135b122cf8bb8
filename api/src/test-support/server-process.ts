import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { inject } from 'vitest';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * How a test starts the real server: the run's compiled bundle when the globalSetup built one
 * (server-bundle.ts), else its sources through tsx.
 */
export const serverCommand = (): string[] => {
  const entry = inject('serverEntry');
  return entry ? ['--enable-source-maps', entry] : ['--import', 'tsx', 'api/src/server.ts'];
};

/**
 * The real server (api/src/server.ts) as a child process, with the tests' defaults (production mode,
 * loopback, warnings only, no seed) under `env`. `unset` drops inherited variables (DATABASE_URL for a
 * test about the PGlite data folder). `stdout()`/`stderr()` answer what it wrote so far.
 */
export function spawnServer(env: Record<string, string>, opts: { unset?: string[] } = {}) {
  const inherited = { ...process.env };
  // npm run test:pg blanks DATABASE_URL for the test process; a server given none uses PGlite.
  if (!inherited['DATABASE_URL']) delete inherited['DATABASE_URL'];
  for (const name of opts.unset ?? []) delete inherited[name];
  const child = spawn(process.execPath, serverCommand(), {
    cwd: REPO_ROOT,
    env: {
      ...inherited,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (d) => (stdout += String(d)));
  child.stderr?.on('data', (d) => (stderr += String(d)));
  return { child, stdout: () => stdout, stderr: () => stderr };
}

/** spawnServer, answered once its /healthz answers: for crash and shutdown tests. */
export async function startServer(
  env: Record<string, string>,
): Promise<{ child: ChildProcess; url: string }> {
  const { child, stderr } = spawnServer(env);
  const url = `http://127.0.0.1:${env.PORT!}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}): ${stderr()}`);
    const ok = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { child, url };
    if (Date.now() > deadline) {
      // Not left behind holding its port.
      child.kill('SIGKILL');
      throw new Error(`server on ${env.PORT} did not start: ${stderr()}`);
    }
    await new Promise((r) => setTimeout(r, 150));
  }
}

export const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) =>
    child.exitCode !== null || child.signalCode !== null
      ? resolve(child.exitCode)
      : child.once('exit', (code) => resolve(code)),
  );

/** Stops the servers a test started (SIGTERM) and waits until each one has exited. */
export async function stopAll(children: ChildProcess[]): Promise<void> {
  await Promise.all(
    children.map((c) => {
      if (c.exitCode === null && c.signalCode === null) c.kill('SIGTERM');
      return exited(c);
    }),
  );
}

/** Signs in to a running server with the shared staff password; answers the session cookie (`name=value`). */
export async function signInOver(origin: string, password: string): Promise<string> {
  const login = await fetch(`${origin}/api/admin/auth`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: origin },
    body: JSON.stringify({ password }),
  });
  if (login.status !== 200) throw new Error(`sign-in at ${origin} answered ${login.status}`);
  return (login.headers.get('set-cookie') ?? '').split(';')[0]!;
}

/** Runs `run` on a connection of its own to `connectionString`, then closes it. */
export async function onPostgres<T>(connectionString: string, run: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString });
  await c.connect();
  try {
    return await run(c);
  } finally {
    await c.end();
  }
}

/** A new, empty database beside `baseUrl` for the servers a test starts: its URL, and `drop()`. */
export async function scratchDatabase(baseUrl: string, name: string) {
  await onPostgres(baseUrl, (c) => c.query(`create database ${name}`));
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await onPostgres(baseUrl, (c) => c.query(`drop database if exists ${name} with (force)`));
    },
  };
}
