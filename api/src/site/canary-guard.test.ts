import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHmac } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RemoteReleases, SiteSettingEntry } from '@agency/contracts';
import { createTestApp } from '../test-support/test-app';
import { standInBuild, standInSite, writeFiles } from '../test-support/stand-in-site';
import { STAFF_PASSWORD, signIn, staffClient } from '../admin/admin-test-support';
import { canaryRuns } from '../db/schema';

/**
 * A canary that ends itself (issue 40 item 4), on the disk release store with stand-in builds: mf-content
 * runs 1.0.0 live and a canary of 1.1.0 for half the visitors. Visitors' pages and their browsers'
 * error reports are counted; the guard's check (every 10 s in the server) ends the canary once it has
 * Settings' minimum of views and its failure rate is past the live one's by more than the threshold.
 */
const LIVE = '1.0.0-live000001';
const CANARY = '1.1.0-canary0001';
const SECRET = 'release-webhook-secret-0123456789';
/** A canary whose server render throws on every page. */
const BROKEN = '1.2.0-broken0001';

describe('canary guard', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let owner: ReturnType<typeof staffClient>;
  let releases: string;
  const hooks: { body: string; signature: string }[] = [];
  let receiver: http.Server;

  /** A page of mf-content for a visitor in the canary (ticket 0) or out of it (ticket 99). */
  const visit = (inCanary: boolean, version = CANARY) =>
    request(t.app)
      .get('/blog')
      .set('Cookie', `canary=mf-content@${version}:${inCanary ? 0 : 99}`)
      .expect(200);
  const reportError = (version: string) =>
    request(t.app)
      .post('/api/client-errors')
      .send({ remote: 'mf_content', version, route: '/blog', kind: 'render', message: 'boom' })
      .expect(204);
  const mfContent = async () =>
    ((await owner.get('/api/admin/releases').expect(200)).body as RemoteReleases[]).find(
      (r) => r.remote === 'mf-content',
    )!;
  const startCanary = (version = CANARY) =>
    writeFiles(releases, {
      'release-state.json': JSON.stringify({
        remotes: { mf_content: { current: LIVE, history: [], canary: { version, percent: 50 } } },
      }),
    });

  beforeAll(async () => {
    receiver = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        hooks.push({ body, signature: String(req.headers['x-agency-signature'] ?? '') });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    releases = mkdtempSync(path.join(tmpdir(), 'canary-guard-'));
    writeFiles(releases, {
      ...standInBuild('live', `mf-content/${LIVE}`),
      ...standInBuild('canary', `mf-content/${CANARY}`),
      [`mf-content/${BROKEN}/remoteEntry.js`]: '// broken',
      [`mf-content/${BROKEN}/server/entry-server.js`]:
        "export const sharedSingletons = { react: (globalThis.__hostReact ??= {}) }; export const modules = { get Marker() { throw new Error('broken render'); } };",
    });
    startCanary();
    t = await createTestApp({
      env: {
        SITE_ROOT: standInSite('canary-guard'),
        RELEASES_DIR: releases,
        ADMIN_PASSWORD: STAFF_PASSWORD,
        RELEASE_WEBHOOK_URL: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/releases`,
        RELEASE_WEBHOOK_SECRET: SECRET,
        WEBHOOK_ALLOW_PRIVATE: true,
      },
    });
    owner = staffClient(t.app, await signIn(t.app));
    // Settings: end past 10 more failures per 1,000 views than live, once the canary has 20 views.
    const entries = (await owner.get('/api/admin/site-settings').expect(200)).body as SiteSettingEntry[];
    const settings = Object.fromEntries(entries.map((e) => [e.key, e.value]));
    expect(settings).toMatchObject({ canaryMaxFailuresPerThousand: 10, canaryMinViews: 200 });
    await owner
      .put('/api/admin/site-settings')
      .send({ ...settings, canaryMaxFailuresPerThousand: 10, canaryMinViews: 20 })
      .expect(200);
  });
  afterAll(async () => {
    await t.close();
    receiver.close();
  });

  it('does not decide below the minimum of views, however many failures', async () => {
    for (let i = 0; i < 10; i++) await visit(true);
    for (let i = 0; i < 5; i++) await reportError(CANARY);
    expect(await t.app.canaryGuard.check()).toEqual([]);
    expect(await mfContent()).toMatchObject({ live: LIVE, canary: { version: CANARY, percent: 50 } });
    expect((await owner.get('/api/admin/audit?type=mf-content').expect(200)).body).toEqual([]);
  });

  it('ends a canary whose failures per 1,000 views pass the live version’s by the threshold, on the store, with the reason', async () => {
    // 20 canary views with 5 failures (250 per 1,000); 40 live views with 1 (25 per 1,000).
    for (let i = 0; i < 10; i++) await visit(true);
    for (let i = 0; i < 40; i++) await visit(false);
    await reportError(LIVE);
    const [ended] = await t.app.canaryGuard.check();
    const reason = 'Canary ended automatically: 250 failures per 1,000 views vs 25 on the live version';
    expect(ended).toMatchObject({
      remote: 'mf-content',
      version: CANARY,
      live: LIVE,
      reason,
      canary: { views: 20, failures: 5 },
      liveCounts: { views: 40, failures: 1 },
    });
    // Ended through the store, as `npm run rollback` would: the state file every instance follows.
    expect(JSON.parse(readFileSync(path.join(releases, 'release-state.json'), 'utf8'))).toEqual({
      remotes: { mf_content: { current: LIVE, history: [] } },
    });
    // A visitor who was in the canary gets the live version now.
    expect((await visit(true)).text).toContain('<h1>live</h1>');
    // The Releases tab says why; the audit too.
    expect(await mfContent()).toMatchObject({
      live: LIVE,
      canary: null,
      canaryEnded: { version: CANARY, reason, at: expect.any(String) },
    });
    const audit = (await owner.get('/api/admin/audit?type=mf-content').expect(200)).body as {
      action: string;
      actorName: string;
      summary: string;
    }[];
    expect(audit.map((a) => [a.action, a.actorName, a.summary])).toEqual([
      [
        'release.rollback',
        'Canary guard',
        `${reason}. Ended the canary of mf-content ${CANARY}: everyone is on ${LIVE}`,
      ],
    ]);
    // The release webhook was called, signed like the notification webhooks.
    expect(hooks).toHaveLength(1);
    const hook = hooks[0]!;
    expect(JSON.parse(hook.body)).toMatchObject({
      event: 'canary.ended',
      remote: 'mf-content',
      version: CANARY,
      reason,
    });
    const t0 = /^t=(\d+),v1=/.exec(hook.signature)![1]!;
    expect(hook.signature).toBe(
      `t=${t0},v1=${createHmac('sha256', SECRET).update(`${t0}.${hook.body}`).digest('hex')}`,
    );
    // Checked again (another instance, or the next tick): nothing more is ended, nothing recorded twice.
    expect(await t.app.canaryGuard.check()).toEqual([]);
    expect((await owner.get('/api/admin/audit?type=mf-content').expect(200)).body).toHaveLength(1);
    expect(hooks).toHaveLength(1);
  });

  it('decides once when two instances check at the same moment', async () => {
    startCanary();
    await t.app.canaryGuard.check();
    for (let i = 0; i < 25; i++) await visit(true);
    for (let i = 0; i < 5; i++) await reportError(CANARY);
    const results = await Promise.all([t.app.canaryGuard.check(), t.app.canaryGuard.check()]);
    expect(results.flat()).toHaveLength(1);
    const runs = await t.db.select().from(canaryRuns);
    expect(runs.filter((r) => r.endedReason)).toHaveLength(2);
    expect(runs.every((r) => r.endedAt)).toBe(true);
  });

  it('counts server renders that failed as the canary’s failures', async () => {
    startCanary(BROKEN);
    await expect.poll(async () => (await mfContent()).canary?.version).toBe(BROKEN);
    await t.app.canaryGuard.check();
    // Each visitor in the canary gets the page rendered in the browser (its server render threw).
    for (let i = 0; i < 20; i++) expect((await visit(true, BROKEN)).text).toContain('<div id="root"></div>');
    const [ended] = await t.app.canaryGuard.check();
    expect(ended).toMatchObject({ version: BROKEN, canary: { views: 20, failures: 20 } });
    expect(ended!.reason).toMatch(/^Canary ended automatically: 1,000 failures per 1,000 views vs \d/);
    expect((await mfContent()).canary).toBeNull();
  });
});
