import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RemoteReleases } from '@agency/contracts';
import { createTestApp } from '../test-support/test-app';
import { standInBuild, standInSite, writeFiles } from '../test-support/stand-in-site';
import { databaseReleaseStore } from '../releases/database-release-store';
import { releaseControl } from '../releases/release-control';
import type { ReleaseStore } from '../releases/release-store';
import { STAFF_PASSWORD, signIn, staffClient } from './admin-test-support';

/**
 * Issue 25 item 10: what changed in each version (the commit subject recorded at release time), when
 * it was built, and the version a rollback moved away from, as the CMS's Releases tab gets them. On
 * the disk store and the database store (through the CMS API on PostgreSQL with `npm run test:pg`;
 * the database adapter on PGlite otherwise).
 */
const A = '1.0.0-aaaa000001';
const B = '1.1.0-bbbb000002';
const C = '1.2.0-cccc000003';

const stores = [
  { store: 'disk', database: undefined },
  process.env.TEST_DATABASE_URL
    ? { store: 'database', database: 'postgres' as const }
    : { store: 'database (PGlite)', database: 'pglite' as const },
];

describe.each(stores)(
  'Releases record what changed and what was rolled back ($store store)',
  ({ database }) => {
    let t: Awaited<ReturnType<typeof createTestApp>>;
    let store: ReleaseStore;
    let listed: () => Promise<RemoteReleases>;
    const build = (marker: string) => {
      const d = mkdtempSync(path.join(tmpdir(), 'release-build-'));
      writeFiles(d, standInBuild(marker));
      return d;
    };

    beforeAll(async () => {
      t = await createTestApp({
        env: {
          SITE_ROOT: standInSite('release-records'),
          RELEASES_DIR: mkdtempSync(path.join(tmpdir(), 'release-records-')),
          ADMIN_PASSWORD: STAFF_PASSWORD,
          ...(database === 'postgres' ? { DATABASE_URL: process.env.TEST_DATABASE_URL } : {}),
        },
      });
      const staff = staffClient(t.app, await signIn(t.app));
      if (database === 'pglite') {
        // The app on PGlite keeps its releases on disk; the database adapter is read directly.
        store = databaseReleaseStore(t.database, { cacheDir: t.env.DATA_DIR });
        listed = () => store.list('mf_content');
      } else {
        store = t.context.releases;
        listed = async () =>
          ((await staff.get('/api/admin/releases').expect(200)).body as RemoteReleases[]).find(
            (r) => r.remote === 'mf-content',
          )!;
      }
      const control = releaseControl(store);
      const release = (version: string, subject: string | null, staged = false) =>
        control.release({
          remote: 'mf_content',
          version,
          gitCommit: 'abc123',
          subject,
          dir: build(version),
          staged,
        });
      await release(A, 'Home hero: new headline');
      await release(B, 'Contact form: ask for a phone number');
      await release(C, 'Blog: reading time on every post', true);
    });
    afterAll(() => t.close());

    it('each version carries when it was built and the commit subject it was released with', async () => {
      const r = await listed();
      expect(r.live).toBe(B);
      expect(r.rolledBack).toBeNull();
      expect(r.history.map((h) => [h.version, h.subject])).toEqual([
        [B, 'Contact form: ask for a phone number'],
        [A, 'Home hero: new headline'],
      ]);
      for (const h of r.history) expect(Date.parse(h.builtAt!)).not.toBeNaN();
      expect(r.staged).toEqual([
        { version: C, storedAt: expect.any(String), subject: 'Blog: reading time on every post' },
      ]);
    });

    it('a rollback marks the version it moved away from; the next switch clears the mark', async () => {
      const control = releaseControl(store);
      expect(await control.rollback('mf_content', 'cms')).toEqual({
        kind: 'rolled-back',
        version: A,
        previous: B,
      });
      const back = await listed();
      expect(back).toMatchObject({ live: A, rolledBack: B });
      // Still there to promote again, with what it changed.
      const all = [...back.history, ...back.staged];
      expect(all.find((v) => v.version === B)?.subject).toBe('Contact form: ask for a phone number');

      await control.promote('mf_content', C, { gitCommit: 'cms' });
      expect(await listed()).toMatchObject({ live: C, rolledBack: null });
    });
  },
);
