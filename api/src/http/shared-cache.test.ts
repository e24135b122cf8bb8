import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test-support/test-app';
import { standInSite } from '../test-support/stand-in-site';
import { STAFF_PASSWORD, signIn } from '../admin/admin-test-support';
import { FLASH_COOKIE } from '../forms/form-flash';
import { CANARY_COOKIE } from '../site/canary';
import { PERSONAL_COOKIES, markShared, sharedCacheHeaders, sharedCacheSettings } from './shared-cache';

/** What a shared cache in front (Varnish, a CDN) is told about every kind of answer (shared-cache.ts). */
const SHARED = /^public, max-age=0, s-maxage=(\d+), stale-while-revalidate=\d+, stale-if-error=\d+$/;
const sMaxAge = (h: Record<string, string>) => Number(SHARED.exec(h['cache-control'] ?? '')?.[1]);

describe('headers for a shared cache', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp({
      seed: true,
      env: { SITE_ROOT: standInSite('shared-cache'), ADMIN_PASSWORD: STAFF_PASSWORD },
    });
    cookie = await signIn(t.app);
  });
  afterAll(() => t.close());

  it('public API reads: shared, keyed by their families, no cookie, from the database and from memory', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await request(t.app).get('/api/blog-posts?published=true').expect(200);
      expect(res.headers['cache-control']).toMatch(SHARED);
      expect(res.headers['surrogate-key']).toBe('blog-posts');
      expect(res.headers['cache-tag']).toBe('blog-posts');
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(res.headers['x-cache']).toBe(i === 0 ? 'MISS' : 'HIT');
    }
    const settings = await request(t.app).get('/api/site-settings').expect(200);
    expect(settings.headers['surrogate-key']).toBe('site-settings');
  });

  it('pages: shared with their families and the html key; a 404 for a short while', async () => {
    for (let i = 0; i < 2; i++) {
      const page = await request(t.app).get('/blog').expect(200);
      expect(page.headers['cache-control']).toMatch(SHARED);
      expect(page.headers['surrogate-key']?.split(' ')).toContain('html');
      expect(page.headers['cache-tag']?.split(',')).toContain('site-settings');
      expect(page.headers['set-cookie']).toBeUndefined();
    }
    const missing = await request(t.app).get('/blog/no-such-post');
    expect(missing.status).toBe(404);
    expect(sMaxAge(missing.headers)).toBeLessThanOrEqual(30);
  });

  it('personal answers are private, no-store, without keys: staff, form outcomes, previews, canary cookies', async () => {
    for (const c of [
      cookie,
      'form_flash=s.contact.failed',
      'remote_preview=mf-content@1.0.0',
      'canary=mf-content@1.0.0:5',
    ]) {
      for (const p of ['/api/blog-posts?published=true', '/blog']) {
        const res = await request(t.app).get(p).set('Cookie', c);
        expect(res.headers['cache-control'], `${p} ${c}`).toBe('private, no-store');
        expect(res.headers['surrogate-key'], `${p} ${c}`).toBeUndefined();
      }
    }
  });

  it('the CMS and /api/admin are private, no-store, signed in or not', async () => {
    for (const p of ['/cms', '/api/admin/session', '/api/admin/pages']) {
      const anonymous = await request(t.app).get(p);
      expect(anonymous.headers['cache-control'], p).toBe('private, no-store');
      const staff = await request(t.app).get(p).set('Cookie', cookie);
      expect(staff.headers['cache-control'], p).toBe('private, no-store');
    }
  });

  it('redirects keep their own; a form post is not shared', async () => {
    const redirect = await request(t.app).get('/blog/').expect(301);
    expect(redirect.headers['cache-control']).toBe('public, max-age=3600');
    expect(redirect.headers['surrogate-key']).toBeUndefined();
    const posted = await request(t.app)
      .post('/api/contacts')
      .set('Content-Type', 'application/json')
      .send('{');
    expect(posted.headers['cache-control'] ?? '').not.toMatch(/public/);
  });
});

describe('the final word on shared answers', () => {
  const app = express();
  app.use(
    sharedCacheHeaders(() => ['Cache-Control', 'public, max-age=0, s-maxage=60', 'Surrogate-Key', 'x']),
  );
  app.get('/ok', (_req, res) => {
    markShared(res, { tags: [] });
    res.send('ok');
  });
  app.get('/cookie', (_req, res) => {
    markShared(res, { tags: [] });
    res.cookie('anything', '1').send('ok');
  });
  app.get('/fails', (_req, res) => {
    markShared(res, { tags: [] });
    res.setHeader('Surrogate-Key', 'x');
    res.status(503).setHeader('Cache-Control', 'public, max-age=60').send('down');
  });

  it('5xx is never kept, an answer setting a cookie is private', async () => {
    expect((await request(app).get('/ok')).headers['surrogate-key']).toBe('x');
    const failed = await request(app).get('/fails').expect(503);
    expect(failed.headers['cache-control']).toBe('no-store');
    expect(failed.headers['surrogate-key']).toBeUndefined();
    const cookie = await request(app).get('/cookie').expect(200);
    expect(cookie.headers['cache-control']).toBe('private, no-store');
    expect(cookie.headers['surrogate-key']).toBeUndefined();
  });

  it('knows the form outcome and canary cookies by their names', () => {
    expect(PERSONAL_COOKIES).toEqual(expect.arrayContaining([FLASH_COOKIE, CANARY_COOKIE]));
  });

  it('settings: a purged cache holds answers a day by default, an unpurged one a minute', () => {
    expect(sharedCacheSettings({}).maxAgeSeconds).toBe(60);
    expect(
      sharedCacheSettings({ SHARED_CACHE_PURGE_URLS: ['varnish+http://127.0.0.1:6081'] }).maxAgeSeconds,
    ).toBe(86_400);
    expect(sharedCacheSettings({ SHARED_CACHE_MAX_AGE_SECONDS: 5 }).maxAgeSeconds).toBe(5);
  });
});
