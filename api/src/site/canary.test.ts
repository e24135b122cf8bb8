import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../env';
import { createTestApp } from '../test-support/test-app';
import { standInBuild, standInSite, writeFiles } from '../test-support/stand-in-site';
import { STAFF_PASSWORD, signIn } from '../admin/admin-test-support';
import { metricsApp } from '../ops/metrics';

/**
 * Canary rollout with the disk release store and stand-in server builds (as in remote-preview.test.ts):
 * mf-content has a live release and a stored one that `npm run promote -- … --percent N` sends to a
 * share of visitors.
 */
const LIVE = '1.0.0-live000001';
const CANARY = '1.1.0-canary0001';
const STAGED = '1.2.0-staged0001';

const release = (version: string, marker: string) => standInBuild(marker, `mf-content/${version}`);

// Regular expressions rather than a DOM: a few hundred pages are read here.
const heading = (html: string) => /<div id="root"><main><h1>([^<]*)<\/h1>/.exec(html)?.[1];
const inlinedEntry = (html: string) =>
  (
    JSON.parse(
      /<script type="application\/json" id="remotes-manifest">([^<]*)<\/script>/.exec(html)![1]!,
    ) as {
      remotes: { mf_content: { entry: string } };
    }
  ).remotes.mf_content.entry;
const entryOf = (version: string) => `/releases/mf-content/${version}/remoteEntry.js`;
const canaryCookie = (res: request.Response) =>
  ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('canary='));

describe('canary rollout', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let releases: string;

  const run = (script: string, ...args: string[]) =>
    spawnSync(process.execPath, [path.join(REPO_ROOT, 'scripts', script), ...args], {
      encoding: 'utf8',
      env: { ...process.env, RELEASES_DIR: releases, DATABASE_URL: '' },
    });
  const state = () => JSON.parse(readFileSync(path.join(releases, 'release-state.json'), 'utf8')) as unknown;
  const metric = async (series: string) => {
    const text = (await request(metricsApp(t.metrics)).get('/metrics')).text;
    const line = text.split('\n').find((l) => l.startsWith(`${series} `));
    return line === undefined ? 0 : Number(line.slice(series.length + 1));
  };

  /** A visitor's first page: its version (the heading), the entry it was given and its cookie. */
  async function firstVisit() {
    const res = await request(t.app).get('/blog').expect(200);
    const version = heading(res.text) === 'canary' ? CANARY : LIVE;
    expect(inlinedEntry(res.text)).toBe(entryOf(version));
    return { version, cookie: canaryCookie(res), res };
  }

  beforeAll(async () => {
    const site = standInSite('canary');
    releases = mkdtempSync(path.join(tmpdir(), 'canary-releases-'));
    writeFiles(releases, {
      ...release(LIVE, 'live'),
      ...release(CANARY, 'canary'),
      ...release(STAGED, 'staged'),
      'release-state.json': JSON.stringify({ remotes: { mf_content: { current: LIVE, history: [] } } }),
    });
    t = await createTestApp({
      env: { SITE_ROOT: site, RELEASES_DIR: releases, ADMIN_PASSWORD: STAFF_PASSWORD },
    });
  });
  afterAll(() => t.close());

  it('refuses an unknown version and a bad percent, and changes nothing', () => {
    const unknown = run('promote.mjs', 'mf-content', '9.9.9-nothere', '--percent', '10');
    expect(unknown.status).toBe(1);
    expect(unknown.stderr.trim()).toBe(
      'mf-content has no release 9.9.9-nothere. Stored versions: npm run releases -- mf-content',
    );
    for (const bad of ['0', '101', 'ten', '']) {
      const res = run('promote.mjs', 'mf-content', CANARY, '--percent', bad);
      expect(res.status, bad).toBe(1);
      expect(res.stderr.trim(), bad).toBe(`Bad percent '${bad}': give 1 to 99 for a canary, 100 to promote.`);
    }
    const current = run('promote.mjs', 'mf-content', LIVE, '--percent', '10');
    expect(current.status).toBe(1);
    expect(current.stderr.trim()).toBe(`mf-content ${LIVE} is already the current release.`);
    expect(state()).toEqual({ remotes: { mf_content: { current: LIVE, history: [] } } });
  });

  it('--percent 50 splits fresh visitors about in half, each keeps its version, the manifest agrees', async () => {
    const started = run('promote.mjs', 'mf-content', CANARY, '--percent', '50');
    expect(started.stderr).toBe('');
    expect(started.stdout.trim()).toBe(
      `Canary: mf-content ${CANARY} for 50% of visitors (the others stay on ${LIVE})\n` +
        `Complete it: npm run promote -- mf-content ${CANARY} --percent 100\n` +
        'End it:      npm run rollback -- mf-content',
    );
    expect(state()).toEqual({
      remotes: { mf_content: { current: LIVE, history: [], canary: { version: CANARY, percent: 50 } } },
    });
    const listed = run('releases.mjs', 'mf-content');
    expect(listed.stdout).toBe(
      `* ${LIVE}  (current)\n  ${CANARY}  canary (50% of visitors)\n  ${STAGED}  stored (not live)\n`,
    );

    const viewsBefore = {
      live: await metric(`page_views_total{remote="mf_content",version="${LIVE}"}`),
      canary: await metric(`page_views_total{remote="mf_content",version="${CANARY}"}`),
    };
    const visitors: { version: string; cookie: string }[] = [];
    let hitsWithCookie = 0;
    for (let i = 0; i < 300; i++) {
      const { version, cookie, res } = await firstVisit();
      // Every first-time visitor gets its draw, also when its page came from the shared page cache.
      expect(cookie).toMatch(/^canary=mf-content%40[^;]+;.*HttpOnly/);
      expect(cookie).toMatch(/SameSite=Lax/);
      expect(cookie).toMatch(/Max-Age=2592000/);
      expect(res.headers['vary']).toMatch(/Cookie/);
      if (res.headers['x-cache'] === 'HIT') hitsWithCookie++;
      visitors.push({ version, cookie: cookie!.split(';')[0]! });
    }
    const inCanary = visitors.filter((v) => v.version === CANARY).length;
    console.log(`canary at 50%: ${inCanary} of 300 fresh visitors got ${CANARY}`);
    expect(inCanary).toBeGreaterThanOrEqual(105);
    expect(inCanary).toBeLessThanOrEqual(195);
    // Both variants are shared pages: after the first of each, visitors are served from the cache.
    expect(hitsWithCookie).toBeGreaterThanOrEqual(298);
    expect(await metric(`page_views_total{remote="mf_content",version="${CANARY}"}`)).toBe(
      viewsBefore.canary + inCanary,
    );
    expect(await metric(`page_views_total{remote="mf_content",version="${LIVE}"}`)).toBe(
      viewsBefore.live + 300 - inCanary,
    );

    // Sticky: the same version on every later page, the manifest saying the same; no new draw.
    for (const { version, cookie } of visitors.slice(0, 60)) {
      for (const page of ['/blog', '/services', '/blog']) {
        const res = await request(t.app).get(page).set('Cookie', cookie).expect(200);
        expect(heading(res.text)).toBe(version === CANARY ? 'canary' : 'live');
        expect(inlinedEntry(res.text)).toBe(entryOf(version));
        expect(canaryCookie(res)).toBeUndefined();
      }
      const manifest = await request(t.app).get('/remotes-manifest.json').set('Cookie', cookie).expect(200);
      expect(manifest.body.remotes.mf_content.entry).toBe(entryOf(version));
    }
  });

  it('a staff preview wins over the visitor’s canary draw', async () => {
    const staff = await signIn(t.app);
    const inCookie = 'canary=mf-content%40' + CANARY + '%3A0';
    const res = await request(t.app)
      .get(`/blog?remotes=mf-content@${STAGED}`)
      .set('Cookie', `${staff}; ${inCookie}`)
      .expect(200);
    expect(heading(res.text)).toBe('staged');
    expect(inlinedEntry(res.text)).toBe(entryOf(STAGED));
    // The same visitor without the preview: in the canary (ticket 0 < 50).
    const plain = await request(t.app).get('/blog').set('Cookie', inCookie).expect(200);
    expect(heading(plain.text)).toBe('canary');
  });

  it('client errors of the canary version are counted under it', async () => {
    const report = { remote: 'mf_content', route: '/blog', kind: 'render', message: 'boom' };
    await request(t.app)
      .post('/api/client-errors')
      .send({ ...report, version: CANARY })
      .expect(204);
    expect(await metric(`client_errors_total{remote="mf_content",version="${CANARY}",kind="render"}`)).toBe(
      1,
    );
    expect(await metric(`remote_version_info{remote="mf_content",version="${CANARY}"}`)).toBe(1);
  });

  it('rollback ends the canary: everyone back on the current release, which stays', async () => {
    const inCookie = 'canary=mf-content%40' + CANARY + '%3A0';
    const rolled = run('rollback.mjs', 'mf-content');
    expect(rolled.stderr).toBe('');
    expect(rolled.stdout.trim()).toBe(`Ended the canary of mf-content ${CANARY}: everyone is on ${LIVE}`);
    expect(state()).toEqual({ remotes: { mf_content: { current: LIVE, history: [] } } });
    const res = await request(t.app).get('/blog').set('Cookie', inCookie).expect(200);
    expect(heading(res.text)).toBe('live');
    const manifest = await request(t.app).get('/remotes-manifest.json').set('Cookie', inCookie).expect(200);
    expect(manifest.body.remotes.mf_content.entry).toBe(entryOf(LIVE));
    for (let i = 0; i < 20; i++) {
      const fresh = await firstVisit();
      expect(fresh.version).toBe(LIVE);
      expect(fresh.cookie).toBeUndefined();
    }
  });

  it('--percent 100 completes it: everyone, those drawn out too, on the new version', async () => {
    expect(run('promote.mjs', 'mf-content', CANARY, '--percent', '10').status).toBe(0);
    const outCookie = 'canary=mf-content%40' + CANARY + '%3A99';
    expect(heading((await request(t.app).get('/blog').set('Cookie', outCookie)).text)).toBe('live');
    const done = run('promote.mjs', 'mf-content', CANARY, '--percent', '100');
    expect(done.stderr).toBe('');
    expect(done.stdout.trim()).toBe(`Promoted mf-content ${CANARY} (was ${LIVE})`);
    expect(state()).toEqual({ remotes: { mf_content: { current: CANARY, history: [LIVE] } } });
    expect(run('releases.mjs', 'mf-content').stdout).toBe(
      `* ${CANARY}  (current)\n  ${LIVE}\n  ${STAGED}  stored (not live)\n`,
    );
    for (const cookie of [outCookie, 'canary=mf-content%40' + CANARY + '%3A0', undefined]) {
      const req = request(t.app).get('/blog');
      const res = await (cookie ? req.set('Cookie', cookie) : req).expect(200);
      expect(heading(res.text)).toBe('canary');
      expect(inlinedEntry(res.text)).toBe(entryOf(CANARY));
    }
    const manifest = await request(t.app).get('/remotes-manifest.json').set('Cookie', outCookie).expect(200);
    expect(manifest.body.remotes.mf_content.entry).toBe(entryOf(CANARY));
  });
});
