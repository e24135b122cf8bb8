import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test-support/test-app';
import { STAFF_PASSWORD, signIn } from '../admin/admin-test-support';

function site() {
  const root = mkdtempSync(path.join(tmpdir(), 'hdr-'));
  mkdirSync(path.join(root, 'shell', 'dist', 'assets'), { recursive: true });
  mkdirSync(path.join(root, 'mf-contact', 'dist', 'assets'), { recursive: true });
  writeFileSync(
    path.join(root, 'shell', 'dist', 'index.html'),
    '<!doctype html><html><head><title>x</title><meta name="description" content="x" /></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(root, 'shell', 'dist', 'assets', 'index-abc123.js'), 'console.log(1)');
  writeFileSync(path.join(root, 'mf-contact', 'dist', 'remoteEntry.js'), 'export {}');
  return root;
}

describe('headers', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({ env: { SITE_ROOT: site() } });
  });
  afterAll(() => t.close());

  it('sends a Content-Security-Policy without unsafe-inline scripts, with object-src none, base-uri self, frame-ancestors none', async () => {
    const csp = (await request(t.app).get('/')).headers['content-security-policy'] as string;
    const directives = Object.fromEntries(csp.split(';').map((d) => [d.trim().split(' ')[0], d.trim()]));
    expect(directives['script-src']).toBe("script-src 'self'");
    expect(directives['script-src']).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    expect(directives['object-src']).toBe("object-src 'none'");
    expect(directives['base-uri']).toBe("base-uri 'self'");
    expect(directives['frame-ancestors']).toBe("frame-ancestors 'none'");
  });

  it('widens script-src only to the origins the remotes manifest names', async () => {
    const other = await createTestApp({
      env: { REMOTE_MF_CONTENT_URL: 'https://cdn.example.com/mf-content/remoteEntry.js' },
    });
    const csp = (await request(other.app).get('/healthz')).headers['content-security-policy'] as string;
    expect(csp).toContain("script-src 'self' https://cdn.example.com");
    await other.close();
  });

  it('sends nosniff, Referrer-Policy, Permissions-Policy and X-Frame-Options on pages, API answers and assets', async () => {
    for (const p of ['/', '/api/services', '/assets/index-abc123.js', '/api/nope']) {
      const h = (await request(t.app).get(p)).headers;
      expect(h['x-content-type-options'], p).toBe('nosniff');
      expect(h['referrer-policy'], p).toBe('strict-origin-when-cross-origin');
      expect(h['permissions-policy'], p).toContain('camera=()');
      expect(h['x-frame-options'], p).toBe('DENY');
    }
  });

  it('never sends X-Powered-By', async () => {
    for (const p of ['/', '/api/services', '/healthz']) {
      expect((await request(t.app).get(p)).headers['x-powered-by']).toBeUndefined();
    }
  });

  it('sends HSTS only over https (as reported by a trusted proxy)', async () => {
    expect((await request(t.app).get('/')).headers['strict-transport-security']).toBeUndefined();
    const proxied = await createTestApp({ env: { SITE_ROOT: site(), TRUST_PROXY: 1 } });
    const res = await request(proxied.app).get('/').set('X-Forwarded-Proto', 'https');
    expect(res.headers['strict-transport-security']).toContain('max-age=63072000');
    await proxied.close();
  });

  it('ignores X-Forwarded-Proto when no proxy is trusted', async () => {
    const res = await request(t.app).get('/').set('X-Forwarded-Proto', 'https');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('caches hashed assets for a year, and never caches the HTML, manifest or remote entries', async () => {
    expect((await request(t.app).get('/assets/index-abc123.js')).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    expect((await request(t.app).get('/contact')).headers['cache-control']).toBe('no-cache');
    expect((await request(t.app).get('/remotes-manifest.json')).headers['cache-control']).toBe('no-cache');
    expect((await request(t.app).get('/remotes/mf-contact/remoteEntry.js')).headers['cache-control']).toBe(
      'no-cache',
    );
  });

  it('error answers are JSON with message and code, without stack traces', async () => {
    const res = await request(t.app).post('/api/contacts').set('Content-Type', 'application/json').send('{');
    expect(Object.keys(res.body).sort()).toEqual(['code', 'message']);
    expect(res.text).not.toMatch(/\bat \S+ \(|node_modules|\.ts:\d+/);
  });
  it('answers that include drafts for staff are private with a staff cookie, and Vary: Cookie for everyone', async () => {
    const seeded = await createTestApp({
      seed: true,
      env: { SITE_ROOT: site(), ADMIN_PASSWORD: STAFF_PASSWORD },
    });
    try {
      const cookie = await signIn(seeded.app);
      const varies = (h: Record<string, string>) =>
        (h['vary'] ?? '')
          .toLowerCase()
          .split(/\s*,\s*/)
          .includes('cookie');
      for (const p of [
        '/api/blog-posts',
        '/api/blog-posts/core-web-vitals-what-moves-rankings',
        '/api/case-studies?published=true',
        '/api/case-studies/saas-cost-per-lead',
        '/api/resources',
        '/api/pages/privacy',
        '/api/page-meta?path=/blog',
        '/blog',
        '/blog/core-web-vitals-what-moves-rankings',
        '/privacy',
      ]) {
        const staff = await request(seeded.app).get(p).set('Cookie', cookie);
        expect(staff.status, p).toBe(200);
        expect(staff.headers['cache-control'], p).toBe('private, no-store');
        expect(varies(staff.headers), p).toBe(true);
        // Anonymous answers, from the database and then from memory, keep shared caches apart from staff ones.
        for (let i = 0; i < 2; i++) {
          const anonymous = await request(seeded.app).get(p);
          expect(anonymous.status, p).toBe(200);
          expect(anonymous.headers['cache-control'] ?? '', p).not.toContain('private');
          expect(varies(anonymous.headers), `${p} #${i}`).toBe(true);
        }
      }
    } finally {
      await seeded.close();
    }
  });
});
