import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, onPostgres, scratchDatabase, startServer, stopAll } from './test-support/server-process';
import { openDatabase, type Database } from './db/client';
import { storeRelease } from './releases/database-release-switches';

/**
 * Releases shared through PostgreSQL: two API processes on one database, each with its own DATA_DIR
 * and RELEASES_DIR as on two hosts, and the release commands run from a third directory. Runs in
 * `npm run test:pg` (TEST_DATABASE_URL set) on a built checkout; skipped on the embedded-PGlite run.
 */
const baseUrl = process.env.TEST_DATABASE_URL;
/** What the issue asks: every instance serves a switch within this time of its commit. */
const SWITCH_WITHIN_MS = 2000;

/** A small stand-in release (no vite build): an entry, a chunk with its brotli variant, a server build. */
const FIXTURE_VERSION = '9.9.9-fixture0001';
const FIXTURE_ENTRY = Buffer.from(`export const init = () => {}; // ${'entry '.repeat(200)}\n`);
const FIXTURE_CHUNK = Buffer.from(
  Array.from({ length: 12_000 }, (_, i) => `export const v${i} = ${(i * 7919) % 10007};`).join('\n'),
);

function writeFixture(dir: string) {
  mkdirSync(path.join(dir, 'assets'), { recursive: true });
  mkdirSync(path.join(dir, 'server'), { recursive: true });
  writeFileSync(path.join(dir, 'remoteEntry.js'), FIXTURE_ENTRY);
  writeFileSync(path.join(dir, 'assets', 'chunk-fixture.js'), FIXTURE_CHUNK);
  writeFileSync(path.join(dir, 'assets', 'chunk-fixture.js.br'), brotliCompressSync(FIXTURE_CHUNK));
  writeFileSync(path.join(dir, 'server', 'entry-server.js'), 'export const modules = {};\n');
}

describe.skipIf(!baseUrl)('releases: two API instances on one PostgreSQL', () => {
  const children: ChildProcess[] = [];
  // 4100-4179: clear of scale-out.pg.test.ts's ports, and of fetch's blocked ports (4045, 4190).
  const ports = [4100 + (process.pid % 40) * 2, 4101 + (process.pid % 40) * 2];
  const dataDirs: string[] = [];
  const dbName = `rel_${process.pid}_${Date.now()}`;
  /** Where the release commands run: neither instance's directory, nor the repository. */
  const elsewhere = mkdtempSync(path.join(tmpdir(), 'release-elsewhere-'));
  let dbUrl = '';
  let db: Awaited<ReturnType<typeof scratchDatabase>> | undefined;
  let database: Database | undefined;
  /** The version the real release (vite build of mf-content) got. */
  let built = '';

  beforeAll(async () => {
    db = await scratchDatabase(baseUrl!, dbName);
    dbUrl = db.url;
    // One at a time, so the migrations run once.
    for (const [i, port] of ports.entries()) {
      const dataDir = mkdtempSync(path.join(tmpdir(), `releases-${i}-`));
      dataDirs.push(dataDir);
      const { child } = await startServer({
        PORT: String(port),
        DATABASE_URL: dbUrl,
        DATA_DIR: dataDir,
        RELEASES_DIR: path.join(dataDir, 'releases'),
        SEED: 'true',
      });
      children.push(child);
    }
    database = await openDatabase({ databaseUrl: dbUrl });
  }, 120_000);

  afterAll(async () => {
    await database?.close();
    await stopAll(children);
    await db?.drop();
  }, 60_000);

  const url = (i: number, p: string) => `http://127.0.0.1:${ports[i]}${p}`;
  const entryOf = (version: string) => `/releases/mf-content/${version}/remoteEntry.js`;
  const manifestEntry = async (i: number) =>
    (
      (await (await fetch(url(i, '/remotes-manifest.json'))).json()) as {
        remotes: { mf_content: { entry: string } };
      }
    ).remotes.mf_content.entry;
  const bytes = async (i: number, p: string, headers: Record<string, string> = {}) => {
    const res = await fetch(url(i, p), { headers });
    return { res, body: Buffer.from(await res.arrayBuffer()) };
  };

  /** Polls both manifests until they point at `version`; the milliseconds from `since` until both did. */
  async function bothSwitchTo(version: string, since: number): Promise<number> {
    const done = [false, false];
    for (;;) {
      for (const i of [0, 1]) if (!done[i]) done[i] = (await manifestEntry(i)) === entryOf(version);
      const elapsed = performance.now() - since;
      if (done.every(Boolean)) return elapsed;
      if (elapsed > SWITCH_WITHIN_MS) {
        expect(done, `both instances on ${version} within ${SWITCH_WITHIN_MS} ms`).toEqual([true, true]);
      }
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  /** The environment of a shell, not of this test runner (vite builds differently under Vitest). */
  const shellEnv = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST') && k !== 'NODE_ENV' && k !== 'TEST'),
  );
  /** A release command (scripts/<name>.mjs) run from another directory, with only DATABASE_URL. */
  const command = (script: string, ...args: string[]) =>
    new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, [path.join(REPO_ROOT, 'scripts', `${script}.mjs`), ...args], {
        cwd: elsewhere,
        env: { ...shellEnv, DATABASE_URL: dbUrl, RELEASES_DIR: path.join(elsewhere, 'releases') },
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d) => (stdout += String(d)));
      child.stderr.on('data', (d) => (stderr += String(d)));
      child.on('exit', (status) => resolve({ status, stdout, stderr }));
    });

  it('`npm run release` from a third directory stores the build in the database and both instances serve it', async () => {
    for (const i of [0, 1]) expect(await manifestEntry(i)).toBe('/remotes/mf-content/remoteEntry.js');
    const run = await command('release', 'mf-content');
    expect(run.status, run.stderr).toBe(0);
    const exited = performance.now();
    built = /Released mf-content (\S+)/.exec(run.stdout)?.[1] ?? '';
    expect(built).toMatch(/^\d+\.\d+\.\d+-[0-9a-f]{10}$/);
    const ms = await bothSwitchTo(built, exited);
    console.log(`real release: both instances switched ${ms.toFixed(0)} ms after the command ended`);
    // Nothing went to a disk store: not where the command ran, not on either instance.
    expect(existsSync(path.join(elsewhere, 'releases'))).toBe(false);
    for (const dir of dataDirs) expect(existsSync(path.join(dir, 'releases'))).toBe(false);

    // remoteEntry.js and a chunk, byte-identical from both, with the disk store's headers.
    const chunks = await onPostgres(dbUrl, (c) =>
      c.query<{ path: string }>(
        `select f.path from release_files f join releases r on r.id = f.release_id
          where r.version = $1 and f.path like 'assets/%.js' order by f.path limit 1`,
        [built],
      ),
    );
    const chunk = `/releases/mf-content/${built}/${chunks.rows[0]!.path}`;
    for (const p of [entryOf(built), chunk]) {
      const br = { 'Accept-Encoding': 'br, gzip' };
      const [a, b] = [await bytes(0, p, br), await bytes(1, p, br)];
      for (const { res } of [a, b]) {
        expect(res.status, p).toBe(200);
        expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
        expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
        expect(res.headers.get('content-encoding')).toBe('br');
      }
      expect(a.body.length).toBeGreaterThan(0);
      expect(a.body.equals(b.body)).toBe(true);
      expect(a.res.headers.get('etag')).toBe(b.res.headers.get('etag'));
    }
    // The server build stays on the server.
    expect((await fetch(url(1, `/releases/mf-content/${built}/server/entry-server.js`))).status).toBe(404);

    // Each instance rendered the blog with the release's server build, fetched from the database:
    // the page links the release's stylesheet.
    for (const i of [0, 1]) {
      const html = await (await fetch(url(i, '/blog'))).text();
      expect(html, `instance ${i}`).toMatch(
        new RegExp(
          `<link rel="stylesheet" crossorigin href="/releases/mf-content/${built}/assets/[^"]+\\.css"`,
        ),
      );
      expect(readdirSync(path.join(dataDirs[i]!, 'release-cache', 'mf-content'))).toEqual([built]);
    }
  }, 240_000);

  it('a release switches both instances within 2 s of its commit; both serve its files byte-identical', async () => {
    const dir = mkdtempSync(path.join(elsewhere, 'fixture-'));
    writeFixture(dir);
    const result = await storeRelease(database!.db, {
      remote: 'mf_content',
      version: FIXTURE_VERSION,
      gitCommit: 'fixture-commit',
      dir,
    });
    const committed = performance.now();
    expect(result).toMatchObject({ switched: true, stored: true, previous: built });
    const ms = await bothSwitchTo(FIXTURE_VERSION, committed);
    console.log(`release commit -> both instances switched: ${ms.toFixed(0)} ms`);

    const chunk = `/releases/mf-content/${FIXTURE_VERSION}/assets/chunk-fixture.js`;
    for (const i of [0, 1]) {
      const entry = await bytes(i, entryOf(FIXTURE_VERSION), { 'Accept-Encoding': 'identity' });
      expect(entry.res.status).toBe(200);
      expect(entry.body.equals(FIXTURE_ENTRY)).toBe(true);
      // The stored brotli variant to a browser that takes it (fetch decodes it), the plain bytes otherwise.
      const br = await bytes(i, chunk, { 'Accept-Encoding': 'br, gzip' });
      expect(br.res.headers.get('content-encoding')).toBe('br');
      expect(br.res.headers.get('vary')).toMatch(/Accept-Encoding/);
      expect(br.body.equals(FIXTURE_CHUNK)).toBe(true);
      const plain = await bytes(i, chunk, { 'Accept-Encoding': 'identity' });
      expect(plain.res.headers.get('content-encoding')).toBeNull();
      expect(plain.body.equals(FIXTURE_CHUNK)).toBe(true);
      const etag = plain.res.headers.get('etag')!;
      // (fetch would add Cache-Control: no-cache to a conditional request, as browsers do not.)
      const status = await new Promise<number | undefined>((resolve, reject) =>
        http
          .get(url(i, chunk), { headers: { 'If-None-Match': etag } }, (res) =>
            resolve(res.resume().statusCode),
          )
          .on('error', reject),
      );
      expect(status).toBe(304);
      // The earlier release's files stay served (pages already loaded still fetch them).
      expect((await fetch(url(i, entryOf(built)))).status).toBe(200);
      // A release server build that does not load leaves the page to the browser: still a page.
      expect((await fetch(url(i, '/blog'))).status).toBe(200);
    }
    // The variants are served through Accept-Encoding only; unknown files are 404.
    expect((await fetch(url(0, `${chunk}.br`))).status).toBe(404);
    expect((await fetch(url(0, `/releases/mf-content/${FIXTURE_VERSION}/assets/nope.js`))).status).toBe(404);
  }, 60_000);

  it('`npm run rollback` switches both back; `npm run releases` lists the history', async () => {
    const run = await command('rollback', 'mf-content');
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain(`Rolled back mf-content from ${FIXTURE_VERSION} to ${built}`);
    const ms = await bothSwitchTo(built, performance.now());
    console.log(`rollback: both instances switched ${ms.toFixed(0)} ms after the command ended`);

    const head = spawnSync('git', ['-C', REPO_ROOT, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).stdout.trim();
    const history = await command('releases', 'mf-content');
    expect(history.status, history.stderr).toBe(0);
    const lines = history.stdout.trim().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(
      new RegExp(`^\\* ${built} +rollback +\\d{4}-\\d\\d-\\d\\d \\S+ +commit ${head}.*\\(current\\)$`),
    );
    expect(lines[1]).toMatch(new RegExp(`^  ${FIXTURE_VERSION} +release .* commit fixture-commit$`));
    expect(lines[2]).toMatch(new RegExp(`^  ${built} +release .* commit ${head}`));

    // The first release goes back to the locally built remote (issue 41 defect 3) on both instances;
    // then nothing is left to roll back: refused, and nothing changes.
    const local = await command('rollback', 'mf-content');
    expect(local.status, local.stderr).toBe(0);
    expect(local.stdout).toContain(`Rolled back mf-content from ${built} to its local build`);
    for (const i of [0, 1])
      await expect
        .poll(() => manifestEntry(i), { timeout: SWITCH_WITHIN_MS })
        .toBe('/remotes/mf-content/remoteEntry.js');
    const again = await command('rollback', 'mf-content');
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('mf-content has no earlier release to roll back to.');
    for (const i of [0, 1]) expect(await manifestEntry(i)).toBe('/remotes/mf-content/remoteEntry.js');
  }, 120_000);
});
