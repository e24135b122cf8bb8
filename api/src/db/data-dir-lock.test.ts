import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { exited, REPO_ROOT, spawnServer, startServer } from '../test-support/server-process';
import { DataDirLocked, LOCK_FILE, lockDataDir } from './data-dir-lock';

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

/**
 * The lock is released by the kernel with its process, so what a dead server leaves in `server.lock`
 * never refuses a restart: a pid now used by another process, another hostname (a re-created
 * container), a server that is a zombie. Only a live holder refuses. Linux (abstract socket).
 */
describe.runIf(process.platform === 'linux')('the DATA_DIR lock is the kernel’s, not a pid file', () => {
  const newDataDir = () => mkdtempSync(path.join(tmpdir(), 'data-dir-lock-'));
  const leftBehind = (dir: string, holder: { pid: number; host: string }) =>
    writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify(holder));

  it('a server.lock naming a live, unrelated process (its pid reused) does not refuse a start', async () => {
    const dir = newDataDir();
    // This test process is alive and is no server on that folder.
    leftBehind(dir, { pid: process.ppid, host: hostname() });
    const release = await lockDataDir(dir);
    expect(JSON.parse(readFileSync(path.join(dir, LOCK_FILE), 'utf8'))).toEqual({
      pid: process.pid,
      host: hostname(),
    });
    release();
  });

  it('a server.lock written under another hostname (a re-created container) does not refuse a start', async () => {
    const dir = newDataDir();
    leftBehind(dir, { pid: 1, host: 'container-before-the-redeploy' });
    const release = await lockDataDir(dir);
    release();
  });

  it('a lock really held is refused, naming the holder, and free again once released', async () => {
    const dir = newDataDir();
    const release = await lockDataDir(dir);
    // Even with its file gone, and through another spelling of the same folder.
    await expect(lockDataDir(path.join(dir, '.', '..', path.basename(dir)))).rejects.toThrow(
      `Another server is already using the data folder ${path.resolve(dir)} (process ${process.pid}).`,
    );
    await expect(lockDataDir(dir)).rejects.toBeInstanceOf(DataDirLocked);
    release();
    const again = await lockDataDir(dir);
    again();
  });

  it('a holder killed while its parent never reaps it (a zombie) does not refuse the next start', async () => {
    const dir = newDataDir();
    // A process holding the lock as the server does, under a parent that never waits: `sleep` takes
    // over the shell and leaves the killed holder a zombie.
    const hold =
      `import('./api/src/db/data-dir-lock.ts').then((m) => m.lockDataDir(process.env.LOCK_DIR))` +
      `.then(() => { console.log('held'); setInterval(() => {}, 1e6); })`;
    const parent = spawn(
      'sh',
      ['-c', `"${process.execPath}" --import tsx -e "${hold}" & echo "pid $!"; exec sleep 60`],
      { cwd: REPO_ROOT, env: { ...process.env, LOCK_DIR: dir }, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    try {
      let out = '';
      await new Promise<void>((resolve, reject) => {
        parent.stdout!.on('data', (d) => {
          out += String(d);
          if (/pid \d+/.test(out) && out.includes('held')) resolve();
        });
        parent.once('exit', () => reject(new Error(`the holder did not start: ${out}`)));
      });
      const pid = Number(/pid (\d+)/.exec(out)![1]);
      await expect(lockDataDir(dir)).rejects.toThrow(`(process ${pid})`);
      process.kill(pid, 'SIGKILL');
      // Bounded: the kernel makes it a zombie at once.
      let state = '';
      for (let i = 0; i < 100 && state !== 'Z'; i++) {
        state = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.charAt(0);
        if (state !== 'Z') await new Promise((r) => setTimeout(r, 50));
      }
      expect(state).toBe('Z');
      expect(JSON.parse(readFileSync(path.join(dir, LOCK_FILE), 'utf8'))).toMatchObject({ pid });
      // The leader shows Z while its other threads finish exiting; the last one closes the socket.
      let release: (() => void) | undefined;
      for (let i = 0; i < 40 && !release; i++) {
        release = await lockDataDir(dir).catch((err: unknown) => {
          if (!(err instanceof DataDirLocked)) throw err;
          return new Promise<undefined>((r) => setTimeout(r, 50));
        });
      }
      expect(release).toBeDefined();
      release!();
    } finally {
      parent.kill('SIGKILL');
      await exited(parent);
    }
  }, 60_000);
});
