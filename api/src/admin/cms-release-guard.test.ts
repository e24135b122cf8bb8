import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RemoteReleases } from '@agency/contracts';
import { createTestApp } from '../test-support/test-app';
import { standInSite, writeFiles } from '../test-support/stand-in-site';
import { storeRelease } from '../releases/database-release-switches';
import { STAFF_PASSWORD, signIn, staffClient } from './admin-test-support';

/**
 * The CMS runs on mf-cms: promoting, from its own Releases tab, an mf-cms release whose browser entry
 * cannot load would take away the tab needed to roll it back. The server refuses such a release (409,
 * saying why) and switches nothing; a sound one is promoted as before. The disk store always, the
 * database store too on PostgreSQL.
 */
const GOOD = '2.0.0-good000001';
const LIVE = '1.0.0-live000001';
const SYNTAX = '2.0.0-syntax0001';
const MISSING = '2.0.0-missing001';

/** An mf-cms browser build: an entry that imports a chunk, which imports another. */
const build = (entry: string, files: Record<string, string> = {}) => ({
  'remoteEntry.js': entry,
  'assets/app.js': "import { x } from './shared.js';\nexport const app = x;",
  'assets/shared.js': 'export const x = 1;',
  ...files,
});
const SOUND = build("import { app } from './assets/app.js';\nexport const get = () => app;");
const RELEASES: Record<string, Record<string, string>> = {
  [LIVE]: SOUND,
  [GOOD]: SOUND,
  // A truncated upload: the entry stops mid-statement.
  [SYNTAX]: build("import { app } from './assets/app.js';\nexport const get = () => { return app"),
  // A chunk the entry needs was never uploaded.
  [MISSING]: build("import { app } from './assets/app.js';\nexport const get = () => app;", {
    'assets/app.js': "import { y } from './gone.js';\nexport const app = y;",
  }),
};

const stores = [
  { store: 'disk', database: false },
  ...(process.env.TEST_DATABASE_URL ? [{ store: 'database', database: true }] : []),
];

describe.each(stores)('promoting a broken mf-cms release from the CMS ($store store)', ({ database }) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let staff: ReturnType<typeof staffClient>;
  const promote = (version: string, percent?: number) =>
    staff.post('/api/admin/releases/mf-cms/promote').send({ version, ...(percent ? { percent } : {}) });
  const cms = async () =>
    ((await staff.get('/api/admin/releases').expect(200)).body as RemoteReleases[]).find(
      (r) => r.remote === 'mf-cms',
    )!;

  beforeAll(async () => {
    const releases = mkdtempSync(path.join(tmpdir(), 'cms-release-guard-'));
    if (!database) {
      for (const [version, files] of Object.entries(RELEASES)) {
        writeFiles(
          releases,
          Object.fromEntries(Object.entries(files).map(([f, text]) => [`mf-cms/${version}/${f}`, text])),
        );
      }
      writeFiles(releases, {
        'release-state.json': JSON.stringify({ remotes: { mf_cms: { current: LIVE, history: [] } } }),
      });
    }
    t = await createTestApp({
      env: {
        SITE_ROOT: standInSite('cms-release-guard'),
        RELEASES_DIR: releases,
        ADMIN_PASSWORD: STAFF_PASSWORD,
        ...(database ? { DATABASE_URL: process.env.TEST_DATABASE_URL } : {}),
      },
    });
    if (database) {
      for (const [version, files] of Object.entries(RELEASES)) {
        const dir = mkdtempSync(path.join(tmpdir(), 'cms-release-build-'));
        writeFiles(dir, files);
        await storeRelease(t.db, {
          remote: 'mf_cms',
          version,
          gitCommit: 'abc123',
          dir,
          staged: version !== LIVE,
        });
      }
      await t.app.warmUp();
    }
    staff = staffClient(t.app, await signIn(t.app));
  });
  afterAll(() => t.close());

  it.each([
    [
      SYNTAX,
      /^mf-cms 2\.0\.0-syntax0001 cannot load \(remoteEntry\.js does not parse: Unexpected token \(2:\d+\)\)/,
    ],
    [
      MISSING,
      /^mf-cms 2\.0\.0-missing001 cannot load \(assets\/gone\.js, imported by assets\/app\.js, is missing\)/,
    ],
  ])(
    '%s is refused with 409 saying why, as a promote and as a canary; the live release stays',
    async (version, message) => {
      for (const percent of [undefined, 10]) {
        const res = await promote(version, percent).expect(409);
        expect(res.body.message).toMatch(message);
        expect(res.body.message).toMatch(
          /promoting it would break the CMS, this Releases tab included\. Fix the build and release it again\.$/,
        );
      }
      expect(await cms()).toMatchObject({ live: LIVE, canary: null });
    },
  );

  it('a sound release is promoted as before, and rolled back', async () => {
    await promote(GOOD).expect(200);
    expect((await cms()).live).toBe(GOOD);
    await staff.post('/api/admin/releases/mf-cms/rollback').send({}).expect(200);
    expect((await cms()).live).toBe(LIVE);
  });

  it("an unknown version is still the store's 404", async () => {
    await promote('9.9.9-nothere').expect(404);
  });
});
