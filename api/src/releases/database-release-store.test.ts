import net from 'node:net';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test-support/test-app';
import { blobChunks, blobs, releaseCurrent, releaseFiles, releaseSwitches, releases } from '../db/schema';
import {
  currentCanary,
  currentReleases,
  hasRelease,
  liveReleases,
  releaseHistory,
  stagedReleases,
} from './database-release-reads';
import { promoteRelease, rollbackRelease, startCanary, storeRelease } from './database-release-switches';
import { findReleaseFiles, materializeRelease } from './database-release-files';
import { databaseReleaseStore } from './database-release-store';
import { ReleaseError } from './release-policy';

/** The database release store on its own (the two-instance test is releases-scale-out.pg.test.ts). */
function build(files: Record<string, string>) {
  const dir = mkdtempSync(path.join(tmpdir(), 'release-build-'));
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), text);
  }
  return dir;
}

describe('release store in the database', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const release = (version: string, text = version) =>
    storeRelease(t.db, {
      remote: 'mf_cms',
      version,
      gitCommit: `commit-${version}`,
      dir: build({
        'remoteEntry.js': `// ${text}`,
        'assets/a.css': '.a{}',
        'assets/b.js': 'export {}',
        'server/entry-server.js': `export const modules = {}; // ${text}`,
      }),
    });

  it('stores a release with its files and makes it current; the same version again changes nothing', async () => {
    expect(await release('1.0.0-aaaa')).toMatchObject({ switched: true, stored: true, previous: null });
    expect(await currentReleases(t.db)).toEqual({ mf_cms: '1.0.0-aaaa' });
    const files = await findReleaseFiles(t.db, 'mf_cms', '1.0.0-aaaa', [
      'remoteEntry.js',
      'assets/b.js',
      'x.js',
    ]);
    expect([...files.keys()].sort()).toEqual(['assets/b.js', 'remoteEntry.js']);
    expect(files.get('remoteEntry.js')!.contentType).toBe('text/javascript; charset=utf-8');
    expect(await release('1.0.0-aaaa')).toMatchObject({ switched: false, stored: false });
    expect(await t.db.select().from(releaseSwitches)).toHaveLength(1);
  });

  it('rolls back through earlier releases one at a time, and refuses when there is none', async () => {
    await release('1.0.0-bbbb');
    await release('1.0.0-cccc');
    expect(await rollbackRelease(t.db, 'mf_cms', 'ops')).toMatchObject({
      version: '1.0.0-bbbb',
      previous: '1.0.0-cccc',
    });
    expect((await rollbackRelease(t.db, 'mf_cms', 'ops')).version).toBe('1.0.0-aaaa');
    // The first release rolls back to the locally built remote (issue 41 defect 3); then nothing is left.
    expect(await rollbackRelease(t.db, 'mf_cms', 'ops')).toMatchObject({
      version: 'local',
      previous: '1.0.0-aaaa',
    });
    expect(await currentReleases(t.db)).toEqual({});
    await expect(rollbackRelease(t.db, 'mf_cms', 'ops')).rejects.toThrow(
      'mf-cms has no earlier release to roll back to.',
    );
    // Releasing a stored version again switches to it without storing it twice.
    expect(await release('1.0.0-cccc')).toMatchObject({
      switched: true,
      stored: false,
      previous: null,
    });
    expect((await rollbackRelease(t.db, 'mf_cms', 'ops')).version).toBe('1.0.0-aaaa');

    const history = await releaseHistory(t.db, 'mf_cms');
    expect(history.map((h) => [h.action, h.version, h.gitCommit, h.current])).toEqual([
      ['rollback', '1.0.0-aaaa', 'ops', true],
      ['release', '1.0.0-cccc', 'commit-1.0.0-cccc', false],
      ['rollback', '1.0.0-aaaa', 'ops', false],
      ['rollback', '1.0.0-bbbb', 'ops', false],
      ['release', '1.0.0-cccc', 'commit-1.0.0-cccc', false],
      ['release', '1.0.0-bbbb', 'commit-1.0.0-bbbb', false],
      ['release', '1.0.0-aaaa', 'commit-1.0.0-aaaa', false],
    ]);
  });

  it('refuses an unknown remote, a bad version or a build without an entry, storing nothing', async () => {
    const before = (await t.db.select().from(releases)).length;
    const dir = build({ 'remoteEntry.js': '' });
    await expect(
      storeRelease(t.db, { remote: 'shell', version: '1.0.0', gitCommit: 'x', dir }),
    ).rejects.toThrow(ReleaseError);
    await expect(
      storeRelease(t.db, { remote: 'mf_cms', version: '../1', gitCommit: 'x', dir }),
    ).rejects.toThrow("Bad version '../1'");
    await expect(
      storeRelease(t.db, { remote: 'mf_cms', version: '1.0.1', gitCommit: 'x', dir: build({ 'a.js': '' }) }),
    ).rejects.toThrow('has no remoteEntry.js');
    expect(await t.db.select().from(releases)).toHaveLength(before);
  });

  it('a file that fails to read halfway through leaves no release, file or blob behind', async () => {
    // assets/a.js is stored first; assets/b.sock (a socket: listed, but not readable) fails after it.
    const dir = build({ 'remoteEntry.js': 'x', 'assets/a.js': 'a'.repeat(300_000) });
    const socket = net.createServer();
    await new Promise<void>((resolve) => socket.listen(path.join(dir, 'assets', 'b.sock'), resolve));
    const counts = () =>
      Promise.all(
        [releases, releaseFiles, releaseSwitches, releaseCurrent, blobs, blobChunks].map(
          async (table) => (await t.db.select().from(table)).length,
        ),
      );
    const before = await counts();
    try {
      await expect(
        storeRelease(t.db, { remote: 'mf_cms', version: '2.0.0-zzzz', gitCommit: 'x', dir }),
      ).rejects.toThrow();
    } finally {
      socket.close();
    }
    expect(await counts()).toEqual(before);
    expect(await currentReleases(t.db)).toEqual({ mf_cms: '1.0.0-aaaa' });
  });

  it('stages a release without switching; promote makes it live, rollback undoes it; unknown versions refused', async () => {
    const staged = await storeRelease(t.db, {
      remote: 'mf_cms',
      version: '1.1.0-ssss',
      gitCommit: 'commit-staged',
      dir: build({ 'remoteEntry.js': '// staged', 'server/entry-server.js': 'export const modules = {};' }),
      staged: true,
    });
    expect(staged).toMatchObject({ stored: true, switched: false, previous: '1.0.0-aaaa' });
    expect(await currentReleases(t.db)).toEqual({ mf_cms: '1.0.0-aaaa' });
    expect(await hasRelease(t.db, 'mf_cms', '1.1.0-ssss')).toBe(true);
    expect(await hasRelease(t.db, 'mf_cms', '9.9.9')).toBe(false);
    expect(await hasRelease(t.db, 'mf_content', '1.1.0-ssss')).toBe(false);
    expect((await stagedReleases(t.db, 'mf_cms')).map((s) => s.version)).toEqual(['1.1.0-ssss']);
    const switchesBefore = (await t.db.select().from(releaseSwitches)).length;
    expect((await releaseHistory(t.db, 'mf_cms'))[0]!.version).toBe('1.0.0-aaaa');

    await expect(promoteRelease(t.db, 'mf_cms', '9.9.9-nothere', 'ops')).rejects.toThrow(
      'mf-cms has no release 9.9.9-nothere. Stored versions: npm run releases -- mf-cms',
    );
    expect(await t.db.select().from(releaseSwitches)).toHaveLength(switchesBefore);

    expect(await promoteRelease(t.db, 'mf_cms', '1.1.0-ssss', 'ops')).toMatchObject({
      switched: true,
      version: '1.1.0-ssss',
      previous: '1.0.0-aaaa',
    });
    expect(await currentReleases(t.db)).toEqual({ mf_cms: '1.1.0-ssss' });
    expect(await stagedReleases(t.db, 'mf_cms')).toEqual([]);
    const [latest] = await releaseHistory(t.db, 'mf_cms');
    expect([latest!.action, latest!.version, latest!.current]).toEqual(['promote', '1.1.0-ssss', true]);
    expect((await promoteRelease(t.db, 'mf_cms', '1.1.0-ssss', 'ops')).switched).toBe(false);
    expect((await rollbackRelease(t.db, 'mf_cms', 'ops')).version).toBe('1.0.0-aaaa');
  });

  it('writes a release server build and its stylesheets to a folder, as ES modules', async () => {
    const target = path.join(mkdtempSync(path.join(tmpdir(), 'release-cache-')), 'mf-cms', '1.0.0-bbbb');
    await materializeRelease(t.db, 'mf_cms', '1.0.0-bbbb', target);
    expect(readdirSync(target).sort()).toEqual(['assets', 'package.json', 'server']);
    expect(readdirSync(path.join(target, 'assets'))).toEqual(['a.css']);
    expect(readFileSync(path.join(target, 'server', 'entry-server.js'), 'utf8')).toContain('1.0.0-bbbb');
    expect(JSON.parse(readFileSync(path.join(target, 'package.json'), 'utf8'))).toEqual({ type: 'module' });
  });
  it('runs a canary beside the current release; rollback ends it, a promote completes it', async () => {
    await storeRelease(t.db, {
      remote: 'mf_cms',
      version: '1.2.0-cccc',
      gitCommit: 'commit-canary',
      dir: build({ 'remoteEntry.js': '// canary', 'server/entry-server.js': 'export const modules = {};' }),
      staged: true,
    });
    const switchesBefore = (await t.db.select().from(releaseSwitches)).length;
    await expect(startCanary(t.db, 'mf_cms', '9.9.9-nothere', 10)).rejects.toThrow(
      'mf-cms has no release 9.9.9-nothere. Stored versions: npm run releases -- mf-cms',
    );
    for (const bad of [0, 100, 12.5])
      await expect(startCanary(t.db, 'mf_cms', '1.2.0-cccc', bad)).rejects.toThrow(ReleaseError);
    await expect(startCanary(t.db, 'mf_cms', '1.0.0-aaaa', 10)).rejects.toThrow(
      'mf-cms 1.0.0-aaaa is already the current release.',
    );
    expect(await currentCanary(t.db, 'mf_cms')).toBeUndefined();

    expect(await startCanary(t.db, 'mf_cms', '1.2.0-cccc', 10)).toMatchObject({ current: '1.0.0-aaaa' });
    expect(await liveReleases(t.db)).toEqual({
      mf_cms: { version: '1.0.0-aaaa', canary: { version: '1.2.0-cccc', percent: 10 } },
    });
    expect(await currentReleases(t.db)).toEqual({ mf_cms: '1.0.0-aaaa' });
    // No longer waiting: it is live for some; the switch log is the current release's alone.
    expect(await stagedReleases(t.db, 'mf_cms')).toEqual([]);
    expect(await t.db.select().from(releaseSwitches)).toHaveLength(switchesBefore);
    // What every instance serves: the canary in its release state.
    const instance = databaseReleaseStore(t.database, { cacheDir: t.env.DATA_DIR, follow: { log: t.log } });
    await instance.ready;
    instance.stop();
    expect(instance.state().remotes.mf_cms).toEqual({
      current: '1.0.0-aaaa',
      history: [],
      canary: { version: '1.2.0-cccc', percent: 10 },
    });

    expect(await rollbackRelease(t.db, 'mf_cms', 'ops')).toMatchObject({
      endedCanary: true,
      version: '1.0.0-aaaa',
      previous: '1.2.0-cccc',
    });
    expect(await liveReleases(t.db)).toEqual({ mf_cms: { version: '1.0.0-aaaa' } });
    expect(await t.db.select().from(releaseSwitches)).toHaveLength(switchesBefore);

    await startCanary(t.db, 'mf_cms', '1.2.0-cccc', 50);
    expect((await promoteRelease(t.db, 'mf_cms', '1.2.0-cccc', 'ops')).previous).toBe('1.0.0-aaaa');
    expect(await liveReleases(t.db)).toEqual({ mf_cms: { version: '1.2.0-cccc' } });
    expect(await currentCanary(t.db, 'mf_cms')).toBeUndefined();
  });
});
