import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RemoteReleases } from '@agency/contracts';
import { createTestApp } from '../test-support/test-app';
import { standInBuild, standInSite, writeFiles } from '../test-support/stand-in-site';
import { storeRelease } from '../releases/database-release-switches';
import { STAFF_PASSWORD, signIn, staffClient } from './admin-test-support';

/**
 * The CMS's Releases API on the store the server reads: the disk store (RELEASES_DIR) always, the
 * database store too on PostgreSQL (`npm run test:pg`). mf-content has a live release and a staged one
 * (as `npm run release` and `npm run release -- --staged` leave them); stand-in builds, as in
 * site/remote-preview.test.ts, so a page shows which version rendered it.
 */
const LIVE = '1.0.0-live000001';
const STAGED = '1.1.0-staged0001';

const stores = [
  { store: 'disk', database: false },
  ...(process.env.TEST_DATABASE_URL ? [{ store: 'database', database: true }] : []),
];

describe.each(stores)('Releases in the CMS API ($store store)', ({ database }) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let staff: ReturnType<typeof staffClient>;
  const promote = (remote: string, body: object) =>
    staff.post(`/api/admin/releases/${remote}/promote`).send(body);
  const manifestEntry = async () =>
    (
      (await request(t.app).get('/remotes-manifest.json').expect(200)).body as {
        remotes: { mf_content: { entry: string } };
      }
    ).remotes.mf_content.entry;
  const heading = async () =>
    /<div id="root"><main><h1>([^<]*)<\/h1>/.exec((await request(t.app).get('/blog').expect(200)).text)?.[1];
  const listed = async (remote: string) =>
    ((await staff.get('/api/admin/releases').expect(200)).body as RemoteReleases[]).find(
      (r) => r.remote === remote,
    )!;

  beforeAll(async () => {
    const site = standInSite('releases');
    const releases = mkdtempSync(path.join(tmpdir(), 'releases-store-'));
    if (!database)
      writeFiles(releases, {
        ...standInBuild('live', `mf-content/${LIVE}`),
        // Staged: stored, in no state (what `npm run release -- mf-content --staged` leaves).
        ...standInBuild('staged', `mf-content/${STAGED}`),
        'release-state.json': JSON.stringify({ remotes: { mf_content: { current: LIVE, history: [] } } }),
      });
    t = await createTestApp({
      env: {
        SITE_ROOT: site,
        RELEASES_DIR: releases,
        ADMIN_PASSWORD: STAFF_PASSWORD,
        // Any value: with it, an app on PostgreSQL serves the releases stored in its database.
        ...(database ? { DATABASE_URL: process.env.TEST_DATABASE_URL } : {}),
      },
    });
    if (database) {
      const dir = (marker: string) => {
        const d = mkdtempSync(path.join(tmpdir(), 'release-build-'));
        writeFiles(d, standInBuild(marker));
        return d;
      };
      const opts = { remote: 'mf_content', gitCommit: 'abc123' };
      await storeRelease(t.db, { ...opts, version: LIVE, dir: dir('live') });
      await storeRelease(t.db, { ...opts, version: STAGED, dir: dir('staged'), staged: true });
      await t.app.warmUp();
    }
    staff = staffClient(t.app, await signIn(t.app));
  });
  afterAll(() => t.close());

  it('answers visitors 401 and switches nothing', async () => {
    await request(t.app).get('/api/admin/releases').expect(401);
    await request(t.app).post('/api/admin/releases/mf-content/promote').send({ version: STAGED }).expect(401);
    expect(await manifestEntry()).toBe(`/releases/mf-content/${LIVE}/remoteEntry.js`);
  });

  it('lists every remote: live version, canary, staged versions and history; none is the local build', async () => {
    const body = (await staff.get('/api/admin/releases').expect(200)).body as RemoteReleases[];
    expect(body.map((r) => r.remote)).toEqual(['mf-marketing', 'mf-content', 'mf-contact', 'mf-cms']);
    const content = body[1]!;
    expect(content).toMatchObject({ live: LIVE, canary: null, staged: [{ version: STAGED }] });
    expect(content.history).toEqual([
      database
        ? {
            version: LIVE,
            current: true,
            action: 'release',
            gitCommit: 'abc123',
            switchedAt: expect.any(String),
            builtAt: expect.any(String),
          }
        : { version: LIVE, current: true },
    ]);
    expect(body[2]).toEqual({
      remote: 'mf-contact',
      live: null,
      canary: null,
      rolledBack: null,
      staged: [],
      history: [],
    });
  });

  it('refuses bad bodies (400), unknown remotes and versions (404) and impossible switches (409)', async () => {
    for (const body of [
      {},
      { version: '../etc' },
      { version: STAGED, percent: 0 },
      { version: STAGED, percent: 101 },
      { version: STAGED, percent: 12.5 },
      { version: STAGED, percent: '50' },
      { version: STAGED, extra: true },
    ]) {
      const res = await promote('mf-content', body).expect(400);
      expect(res.body.code, JSON.stringify(body)).toBe('VALIDATION_ERROR');
    }
    expect((await promote('mf-content', { version: STAGED, percent: 0 })).body.fields).toEqual({
      percent: 'Percent must be a whole number from 1 to 100',
    });
    expect((await promote('mf-nope', { version: STAGED }).expect(404)).body.message).toBe(
      "Unknown remote 'mf-nope'. Use one of: mf-marketing, mf-content, mf-contact, mf-cms",
    );
    expect((await promote('mf-content', { version: '9.9.9-nothere' }).expect(404)).body.message).toBe(
      'mf-content has no release 9.9.9-nothere. Stored versions: npm run releases -- mf-content',
    );
    expect((await promote('mf-content', { version: LIVE, percent: 10 }).expect(409)).body.message).toBe(
      `mf-content ${LIVE} is already the current release.`,
    );
    expect((await promote('mf-contact', { version: STAGED, percent: 10 }).expect(404)).body.message).toBe(
      `mf-contact has no release ${STAGED}. Stored versions: npm run releases -- mf-contact`,
    );
    // A write from another site is refused like every other staff write.
    await request(t.app)
      .post('/api/admin/releases/mf-content/promote')
      .set('Cookie', (await signIn(t.app)).toString())
      .set('Origin', 'https://elsewhere.example')
      .send({ version: STAGED })
      .expect(403);
    expect(await manifestEntry()).toBe(`/releases/mf-content/${LIVE}/remoteEntry.js`);
    expect(await heading()).toBe('live');
  });

  it('a canary, then a promote, switch what visitors get; rollback goes back', async () => {
    const canary = await promote('mf-content', { version: STAGED, percent: 30 }).expect(200);
    expect(canary.body.message).toBe(
      `Canary: mf-content ${STAGED} for 30% of visitors (the others stay on ${LIVE})`,
    );
    expect(canary.body.releases).toMatchObject({
      live: LIVE,
      canary: { version: STAGED, percent: 30 },
      staged: [],
    });

    // Visitors' pages are cached (keyed by the versions they got): the promote shows at the next load.
    expect(await heading()).toMatch(/^(live|staged)$/);
    const promoted = await promote('mf-content', { version: STAGED }).expect(200);
    expect(promoted.body.message).toBe(`Promoted mf-content ${STAGED} (was ${LIVE})`);
    expect(promoted.body.releases).toMatchObject({ live: STAGED, canary: null, staged: [] });
    expect(promoted.body.releases.history.map((h: { version: string }) => h.version)).toEqual([STAGED, LIVE]);
    expect(await manifestEntry()).toBe(`/releases/mf-content/${STAGED}/remoteEntry.js`);
    for (let i = 0; i < 3; i++) expect(await heading()).toBe('staged');
    expect((await listed('mf-content')).history[0]).toMatchObject({ version: STAGED, current: true });

    const again = await promote('mf-content', { version: STAGED }).expect(200);
    expect(again.body.message).toBe(`mf-content ${STAGED} is already the current release.`);

    const back = await staff.post('/api/admin/releases/mf-content/rollback').send({}).expect(200);
    expect(back.body.message).toBe(`Rolled back mf-content from ${STAGED} to ${LIVE}`);
    expect(await manifestEntry()).toBe(`/releases/mf-content/${LIVE}/remoteEntry.js`);
    expect(await heading()).toBe('live');
    expect(
      (await staff.post('/api/admin/releases/mf-contact/rollback').send({}).expect(409)).body.message,
    ).toBe('mf-contact has no earlier release to roll back to.');

    // Who switched what (issue 24): each switch is in the audit, in its own words; the refused one is not.
    const audit = (await staff.get('/api/admin/audit?type=mf-content').expect(200)).body as {
      action: string;
      actorName: string;
      summary: string;
    }[];
    expect(audit.slice(0, 4).map((e) => [e.action, e.actorName, e.summary])).toEqual([
      ['release.rollback', 'Owner', `Rolled back mf-content from ${STAGED} to ${LIVE}`],
      ['release.promote', 'Owner', `mf-content ${STAGED} is already the current release.`],
      ['release.promote', 'Owner', `Promoted mf-content ${STAGED} (was ${LIVE})`],
      [
        'release.promote',
        'Owner',
        `Canary: mf-content ${STAGED} for 30% of visitors (the others stay on ${LIVE})`,
      ],
    ]);
    expect((await staff.get('/api/admin/audit?type=mf-contact').expect(200)).body).toEqual([]);
  });
});
