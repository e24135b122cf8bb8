import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../env';
import { createTestApp } from '../test-support/test-app';
import { standInBuild, standInSite, writeFiles } from '../test-support/stand-in-site';
import { STAFF_PASSWORD, signIn, staffClient } from '../admin/admin-test-support';

/**
 * Staged releases and the staff preview on the live site, with the disk release store and stand-in
 * server builds (as in render/page-renderer.test.ts): mf-content has a live release and a staged one.
 */
const LIVE = '1.0.0-live000001';
const STAGED = '1.1.0-staged0001';

const doc = (html: string) => new JSDOM(html).window.document;
const heading = (html: string) => doc(html).querySelector('#root h1')?.textContent;
const banner = (html: string) => doc(html).getElementById('remote-preview')?.textContent;
const inlinedEntry = (html: string) =>
  (
    JSON.parse(doc(html).getElementById('remotes-manifest')!.textContent!) as {
      remotes: { mf_content: { entry: string } };
    }
  ).remotes.mf_content.entry;
const setCookies = (res: request.Response) => ([] as string[]).concat(res.headers['set-cookie'] ?? []);
const previewCookie = (res: request.Response) => setCookies(res).find((c) => c.startsWith('remote_preview='));

describe('staged releases and the staff preview', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let releases: string;
  let staff: string;

  beforeAll(async () => {
    const site = standInSite('preview');
    releases = mkdtempSync(path.join(tmpdir(), 'preview-releases-'));
    writeFiles(releases, {
      ...standInBuild('live', `mf-content/${LIVE}`),
      // Staged: stored in the release store, in no state (what `npm run release -- mf-content --staged` leaves).
      ...standInBuild('staged', `mf-content/${STAGED}`),
      'release-state.json': JSON.stringify({ remotes: { mf_content: { current: LIVE, history: [] } } }),
    });
    t = await createTestApp({
      env: { SITE_ROOT: site, RELEASES_DIR: releases, ADMIN_PASSWORD: STAFF_PASSWORD },
    });
    staff = await signIn(t.app);
  });
  afterAll(() => t.close());

  it('a staged release is not live: visitors and staff without a preview get the current one', async () => {
    for (const cookie of [undefined, staff]) {
      const req = request(t.app).get('/blog');
      const res = await (cookie ? req.set('Cookie', cookie) : req).expect(200);
      expect(heading(res.text)).toBe('live');
      expect(inlinedEntry(res.text)).toBe(`/releases/mf-content/${LIVE}/remoteEntry.js`);
      expect(banner(res.text)).toBeUndefined();
    }
    const manifest = await request(t.app).get('/remotes-manifest.json').expect(200);
    expect(manifest.body.remotes.mf_content.entry).toBe(`/releases/mf-content/${LIVE}/remoteEntry.js`);
  });

  it('refuses the preview to visitors: the parameter or the cookie give the live page, no cookie set', async () => {
    const asked = await request(t.app).get(`/blog?remotes=mf-content@${STAGED}`).expect(200);
    expect(heading(asked.text)).toBe('live');
    expect(banner(asked.text)).toBeUndefined();
    expect(previewCookie(asked)).toBeUndefined();
    const kept = await request(t.app)
      .get('/blog')
      .set('Cookie', `remote_preview=mf-content@${STAGED}`)
      .expect(200);
    expect(heading(kept.text)).toBe('live');
    const manifest = await request(t.app)
      .get('/remotes-manifest.json')
      .set('Cookie', `remote_preview=mf-content@${STAGED}`)
      .expect(200);
    expect(manifest.body.remotes.mf_content.entry).toBe(`/releases/mf-content/${LIVE}/remoteEntry.js`);
    // A staff cookie that is no session is a visitor.
    const forged = await request(t.app)
      .get(`/blog?remotes=mf-content@${STAGED}`)
      .set('Cookie', `staff_session=${'x'.repeat(43)}`)
      .expect(200);
    expect(heading(forged.text)).toBe('live');
  });

  it('answers staff 400 for a version that is not stored or a malformed override, and keeps nothing', async () => {
    for (const [value, message] of [
      ['mf-content@9.9.9-nothere', 'Cannot preview mf-content@9.9.9-nothere: no such release is stored.'],
      ['mf-content@..', "Cannot preview: 'mf-content@..' is not <remote>@<version>."],
      ['mf-nope@1.0.0', "Cannot preview: Unknown remote in 'mf-nope@1.0.0'."],
    ]) {
      const res = await request(t.app)
        .get(`/blog?remotes=${encodeURIComponent(value!)}`)
        .set('Cookie', staff);
      expect(res.status, value).toBe(400);
      expect(res.text, value).toBe(message);
      expect(previewCookie(res), value).toBeUndefined();
    }
  });

  it('staff preview renders with the staged version (server and client), keeps it for the session, never shared', async () => {
    const renderedBefore = await request(t.app).get('/blog').expect(200);
    const res = await request(t.app)
      .get(`/blog?remotes=mf-content@${STAGED}`)
      .set('Cookie', staff)
      .expect(200);
    expect(heading(res.text)).toBe('staged');
    expect(inlinedEntry(res.text)).toBe(`/releases/mf-content/${STAGED}/remoteEntry.js`);
    expect(banner(res.text)).toBe(`Previewing mf-content ${STAGED}. Exit preview`);
    expect(doc(res.text).querySelector('#remote-preview a')?.getAttribute('href')).toBe('?remotes=');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['vary']).toMatch(/Cookie/);
    const cookie = previewCookie(res)!;
    expect(cookie).toMatch(new RegExp(`^remote_preview=mf-content%40${STAGED.replace(/\./g, '\\.')};`));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Expires|Max-Age/i);

    // The next pages of that browser: the kept override, checked again against the staff session.
    const both = `${staff}; ${cookie.split(';')[0]}`;
    const next = await request(t.app).get('/services').set('Cookie', both).expect(200);
    expect(heading(next.text)).toBe('staged');
    expect(banner(next.text)).toBe(`Previewing mf-content ${STAGED}. Exit preview`);
    const manifest = await request(t.app).get('/remotes-manifest.json').set('Cookie', both).expect(200);
    expect(manifest.body.remotes.mf_content.entry).toBe(`/releases/mf-content/${STAGED}/remoteEntry.js`);
    expect(manifest.headers['cache-control']).toBe('private, no-store');

    // Visitors keep the live page, from the shared cache as before: the preview never entered it.
    const visitor = await request(t.app).get('/blog').expect(200);
    expect(visitor.headers['x-cache']).toBe('HIT');
    expect(visitor.text).toBe(renderedBefore.text);
    expect(heading(visitor.text)).toBe('live');

    // The cookie alone previews nothing; nor does it once the staff member signed out.
    const alone = await request(t.app).get('/blog').set('Cookie', cookie.split(';')[0]!).expect(200);
    expect(heading(alone.text)).toBe('live');
    await staffClient(t.app, staff).post('/api/admin/logout').expect(204);
    const stale = await request(t.app).get('/blog').set('Cookie', both).expect(200);
    expect(heading(stale.text)).toBe('live');
    expect(banner(stale.text)).toBeUndefined();
    staff = await signIn(t.app);
  });

  it('several remotes at once, and "Exit preview" (?remotes=) clears the override', async () => {
    writeFiles(releases, standInBuild('cms', 'mf-cms/2.0.0-cms'));
    const res = await request(t.app)
      .get(`/blog?remotes=mf-content@${STAGED},mf_cms@2.0.0-cms`)
      .set('Cookie', staff)
      .expect(200);
    expect(banner(res.text)).toBe(`Previewing mf-content ${STAGED}, mf-cms 2.0.0-cms. Exit preview`);
    const both = `${staff}; ${previewCookie(res)!.split(';')[0]}`;
    const exit = await request(t.app).get('/blog?remotes=').set('Cookie', both).expect(200);
    expect(heading(exit.text)).toBe('live');
    expect(banner(exit.text)).toBeUndefined();
    expect(previewCookie(exit)).toMatch(/^remote_preview=;.*Expires=Thu, 01 Jan 1970/);
  });

  it('npm run promote makes a stored version live for everyone; unknown versions are refused', () => {
    const promote = (...args: string[]) =>
      spawnSync(process.execPath, [path.join(REPO_ROOT, 'scripts', 'promote.mjs'), ...args], {
        encoding: 'utf8',
        env: { ...process.env, RELEASES_DIR: releases, DATABASE_URL: '' },
      });
    const unknown = promote('mf-content', '9.9.9-nothere');
    expect(unknown.status).toBe(1);
    expect(unknown.stderr.trim()).toBe(
      'mf-content has no release 9.9.9-nothere. Stored versions: npm run releases -- mf-content',
    );
    const ok = promote('mf-content', STAGED);
    expect(ok.stderr).toBe('');
    expect(ok.stdout.trim()).toBe(`Promoted mf-content ${STAGED} (was ${LIVE})`);
    expect(JSON.parse(readFileSync(path.join(releases, 'release-state.json'), 'utf8'))).toEqual({
      remotes: { mf_content: { current: STAGED, history: [LIVE] } },
    });
  });

  it('after the promote visitors get the promoted version', async () => {
    const res = await request(t.app).get('/blog').expect(200);
    expect(heading(res.text)).toBe('staged');
    expect(inlinedEntry(res.text)).toBe(`/releases/mf-content/${STAGED}/remoteEntry.js`);
  });
});
