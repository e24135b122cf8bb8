import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { exited, spawnServer, startServer } from '../test-support/server-process';
import { LOCK_FILE } from './data-dir-lock';

/**
 * One server per embedded data folder: a second `npm start` on the same DATA_DIR (an overlapping
 * restart, two terminals) refuses to start, naming the folder and the server that holds it; a lock
 * left by a server that died is taken over. PGlite only (a DATABASE_URL server keeps no data there).
 */
describe('two servers on one DATA_DIR', () => {
  const children: ChildProcess[] = [];
  const base = 4630 + (process.pid % 5) * 4;
  const newDataDir = () => mkdtempSync(path.join(tmpdir(), 'data-dir-lock-'));
  const dataDir = newDataDir();
  const env = (port: number, dir = dataDir) => ({ PORT: String(port), DATA_DIR: dir });

  afterAll(async () => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    await Promise.all(children.map(exited));
  });

  /** Starts the server on PGlite and answers its exit code and what it wrote to stderr (it must not start). */
  const runToExit = async (port: number) => {
    const { child, stderr } = spawnServer(env(port), { unset: ['DATABASE_URL'] });
    children.push(child);
    const code = await exited(child);
    return { code, stderr: stderr() };
  };

  it('the second exits non-zero, naming the folder and the running process; the first keeps serving', async () => {
    const first = await startServer(env(base));
    children.push(first.child);
    const second = await runToExit(base + 1);
    expect(second.code).toBe(1);
    expect(second.stderr).toContain(
      `Refusing to start. Another server is already using the data folder ${path.resolve(dataDir)} ` +
        `(process ${first.child.pid}). Stop that server first, or give this one its own DATA_DIR.`,
    );
    expect((await fetch(`${first.url}/readyz`)).status).toBe(200);
  }, 120_000);

  it('a lock left by a server that died (killed) is taken over by the next start', async () => {
    // A folder of its own: the first test's server still holds the other one.
    const dir = newDataDir();
    const { child: first } = await startServer(env(base + 2, dir));
    children.push(first);
    first.kill('SIGKILL');
    await exited(first);
    // The dead server's lock is still there.
    expect(JSON.parse(readFileSync(path.join(dir, LOCK_FILE), 'utf8'))).toMatchObject({ pid: first.pid });
    const next = await startServer(env(base + 3, dir));
    children.push(next.child);
    expect((await fetch(`${next.url}/readyz`)).status).toBe(200);
    expect(JSON.parse(readFileSync(path.join(dir, LOCK_FILE), 'utf8'))).toMatchObject({
      pid: next.child.pid,
    });
  }, 120_000);
});
