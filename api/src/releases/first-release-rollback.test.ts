import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RemoteReleases } from '@agency/contracts';
import { REPO_ROOT } from '../env';
import { createTestApp } from '../test-support/test-app';
import { standInBuild, standInSite, writeFiles } from '../test-support/stand-in-site';
import { STAFF_PASSWORD, signIn, staffClient } from '../admin/admin-test-support';
import { storeRelease } from './database-release-switches';

/**
 * Issue 41 defect 3: the first release of a remote can be rolled back, to the locally built remote
 * (it has no release before it), from the CMS and with `npm run rollback`, on the disk store and (with
 * TEST_DATABASE_URL) the database store. Stand-in builds: the local mf-content says `local`.
 */
const FIRST = '1.0.0-first00001';

const stores = [
  { store: 'disk', database: false },
  ...(process.env.TEST_DATABASE_URL ? [{ store: 'database', database: true }] : []),
];

describe.each(stores)('Rolling back the first release ($store store)', ({ database }) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let staff: ReturnType<typeof staffClient>;
  let releases: string;
  const heading = async () =>
    /<main><h1>([^<]*)<\/h1>/.exec((await request(t.app).get('/blog').expect(200)).text)?.[1];
  const entry = async () =>
    (
      (await request(t.app).get('/remotes-manifest.json').expect(200)).body as {
        remotes: { mf_content: { entry: string } };
      }
    ).remotes.mf_content.entry;
  const release = async () => {
    if (database) {
      const dir = mkdtempSync(path.join(tmpdir(), 'first-release-'));
      writeFiles(dir, standInBuild('first'));
      await storeRelease(t.db, { remote: 'mf_content', version: FIRST, gitCommit: 'abc123', dir });
      await t.app.warmUp();
    } else
      writeFiles(releases, {
        'release-state.json': JSON.stringify({ remotes: { mf_content: { current: FIRST, history: [] } } }),
      });
  };

  beforeAll(async () => {
    releases = mkdtempSync(path.join(tmpdir(), 'first-release-store-'));
    writeFiles(releases, standInBuild('first', `mf-content/${FIRST}`));
    t = await createTestApp({
      env: {
        SITE_ROOT: standInSite('first-release'),
        RELEASES_DIR: releases,
        ADMIN_PASSWORD: STAFF_PASSWORD,
        ...(database ? { DATABASE_URL: process.env.TEST_DATABASE_URL } : {}),
      },
    });
    staff = staffClient(t.app, await signIn(t.app));
    await release();
  });
  afterAll(() => t.close());

  it('the Releases API rolls the first release back to the local build, then has nothing left to undo', async () => {
    expect(await heading()).toBe('first');
    const back = await staff.post('/api/admin/releases/mf-content/rollback').send({}).expect(200);
    expect(back.body.message).toBe(`Rolled back mf-content from ${FIRST} to its local build`);
    expect((back.body.releases as RemoteReleases).live).toBeNull();
    expect(await entry()).toBe('/remotes/mf-content/remoteEntry.js');
    expect(await heading()).toBe('local');
    // Still stored: it can be promoted again.
    const listed = ((await staff.get('/api/admin/releases').expect(200)).body as RemoteReleases[])[1]!;
    expect(listed.live).toBeNull();
    expect(
      (await staff.post('/api/admin/releases/mf-content/rollback').send({}).expect(409)).body.message,
    ).toBe('mf-content has no earlier release to roll back to.');
    const audit = (await staff.get('/api/admin/audit?type=mf-content').expect(200)).body as {
      summary: string;
    }[];
    expect(audit[0]!.summary).toBe(`Rolled back mf-content from ${FIRST} to its local build`);
  });

  it.runIf(!database)('npm run rollback does the same', async () => {
    await release();
    const run = spawnSync(process.execPath, [path.join(REPO_ROOT, 'scripts', 'rollback.mjs'), 'mf-content'], {
      encoding: 'utf8',
      env: { ...process.env, RELEASES_DIR: releases, DATABASE_URL: '' },
    });
    expect(run.stderr).toBe('');
    expect(run.stdout.trim()).toBe(`Rolled back mf-content from ${FIRST} to its local build`);
    expect(JSON.parse(readFileSync(path.join(releases, 'release-state.json'), 'utf8'))).toEqual({
      remotes: {},
    });
    await expect.poll(entry).toBe('/remotes/mf-content/remoteEntry.js');
  });
});
