import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test-support/test-app';
import { STAFF_PASSWORD } from '../admin/admin-test-support';
import { capturedLog } from '../test-support/captured-log';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** A site folder with a built shell, so page requests reach the server render. */
function siteRoot() {
  const root = mkdtempSync(path.join(tmpdir(), 'request-log-site-'));
  mkdirSync(path.join(root, 'shell', 'dist'), { recursive: true });
  writeFileSync(
    path.join(root, 'shell', 'dist', 'index.html'),
    '<!doctype html><html><head><title>x</title><meta name="description" content="x" /></head><body><div id="root"></div></body></html>',
  );
  return root;
}

describe('request ids', () => {
  const captured = capturedLog();
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_PASSWORD: STAFF_PASSWORD }, log: captured.log });
  });
  afterAll(() => t.close());

  it('answers every request with a fresh X-Request-Id and logs the request under it', async () => {
    const a = await request(t.app).get('/api/services').expect(200);
    const b = await request(t.app).get('/api/nope').expect(404);
    for (const res of [a, b]) expect(res.headers['x-request-id']).toMatch(UUID);
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
    const line = captured.lines.find((l) => l['reqId'] === a.headers['x-request-id']);
    expect(line).toMatchObject({
      msg: 'request completed',
      req: { method: 'GET', path: '/api/services' },
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
    });
  });

  it('ignores a client-sent X-Request-Id when no trusted proxy is in front', async () => {
    const res = await request(t.app).get('/healthz').set('X-Request-Id', 'forged-id-123');
    expect(res.headers['x-request-id']).toMatch(UUID);
  });

  it('logs no query strings, cookies or session tokens', async () => {
    await request(t.app).get('/api/resources/1/download?token=secret-token-value');
    const login = await request(t.app).post('/api/admin/auth').send({ password: STAFF_PASSWORD }).expect(200);
    const session = String(login.headers['set-cookie']).split(';')[0]!.split('=')[1]!;
    await request(t.app).get('/api/admin/pages').set('Cookie', `staff_session=${session}`).expect(200);
    expect(captured.text()).not.toContain('secret-token-value');
    expect(captured.text()).not.toContain(session);
    expect(captured.text()).not.toContain(STAFF_PASSWORD);
  });

  it.each(['/readyz', '/readyz?from=lb'])('does not log the probes load balancers poll: %s', async (path) => {
    const res = await request(t.app).get(path);
    expect(res.status).toBeLessThan(500);
    expect(captured.lines.some((l) => l['reqId'] === res.headers['x-request-id'])).toBe(false);
  });
});

describe('request ids behind a trusted proxy', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: 1 } });
  });
  afterAll(() => t.close());

  it("keeps the proxy's id when it looks like one, and replaces anything else", async () => {
    const kept = await request(t.app).get('/healthz').set('X-Request-Id', 'lb-7f3a.91:2');
    expect(kept.headers['x-request-id']).toBe('lb-7f3a.91:2');
    for (const bad of ['a b', 'x'.repeat(129), '<script>', '-leading-dash', 'é']) {
      const res = await request(t.app).get('/healthz').set('X-Request-Id', bad);
      expect(res.headers['x-request-id'], bad).toMatch(UUID);
    }
  });
});

describe('log lines written while a request is handled', () => {
  // Takes the database away by closing it, which only PGlite answers with 503.
  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
    'carry its id: the error handler after a JSON body, and the page render',
    async () => {
      const captured = capturedLog();
      const t = await createTestApp({ env: { SITE_ROOT: siteRoot() }, log: captured.log });
      await t.database.close();
      const write = await request(t.app)
        .post('/api/contacts')
        .send({
          firstName: 'Ada',
          lastName: 'Lovelace',
          email: 'ada@example.com',
          company: 'Analytical Engines',
          budget: '10k-25k',
          goals: 'Make sure every request can be traced in the log',
        })
        .expect(503);
      const page = await request(t.app).get('/contact').expect(503);
      await t.close();
      const byId = (res: request.Response) =>
        captured.lines.filter((l) => l['reqId'] === res.headers['x-request-id']);
      expect(byId(write).map((l) => l['msg'])).toEqual(['database unavailable', 'request failed']);
      expect(byId(page).map((l) => l['msg'])).toEqual([
        'page unavailable; answering 503 with the plain shell',
        'request failed',
      ]);
    },
  );
});

describe("a server render's calls to the API", () => {
  // A stand-in shell server build (the contract of site/render/server-build-contract.ts) that reads
  // its page's data through the fetch it is given, twice (a miss, then a cache hit), and shows the
  // X-Request-Id each API answer carried.
  const SHELL = `
export const sharedSingletons = {};
export async function render(req) {
  const ids = [];
  for (const url of ['/api/services?published=true', '/api/services?published=true', '/api/site-settings']) {
    const res = await req.fetch(url, {});
    await res.text();
    ids.push(res.headers.get('x-request-id'));
  }
  return { html: '<main><h1>' + ids.join(' ') + '</h1></main>', state: {}, rendered: [], leftToBrowser: [], problems: [] };
}`;

  function renderingSite() {
    const root = siteRoot();
    mkdirSync(path.join(root, 'shell', 'dist', 'server'), { recursive: true });
    writeFileSync(path.join(root, 'shell', 'dist', 'server', 'entry-server.js'), SHELL);
    writeFileSync(path.join(root, 'shell', 'dist', 'server', 'shared-modules.json'), '{}');
    return root;
  }

  it("carry the page request's X-Request-Id: the API answers and logs under it", async () => {
    const captured = capturedLog();
    const t = await createTestApp({ env: { SITE_ROOT: renderingSite() }, log: captured.log });
    try {
      const page = await request(t.app).get('/services').expect(200);
      const id = page.headers['x-request-id'] as string;
      expect(id).toMatch(UUID);
      expect(page.text).toContain(`<h1>${id} ${id} ${id}</h1>`);
      const lines = captured.lines.filter((l) => l['reqId'] === id && l['msg'] === 'request completed');
      expect(lines.map((l) => (l['req'] as { path: string }).path).sort()).toEqual([
        '/api/services',
        '/api/services',
        '/api/site-settings',
        '/services',
      ]);
    } finally {
      await t.close();
    }
  });

  it("still gives a visitor's own X-Request-Id to nobody when no trusted proxy is in front", async () => {
    const t = await createTestApp({ env: { SITE_ROOT: renderingSite() } });
    try {
      const page = await request(t.app).get('/services').set('X-Request-Id', 'forged-id-123').expect(200);
      expect(page.headers['x-request-id']).toMatch(UUID);
      expect(page.text).not.toContain('forged-id-123');
      const api = await request(t.app)
        .get('/api/services?published=true')
        .set('X-Request-Id', 'forged-id-123');
      expect(api.headers['x-request-id']).toMatch(UUID);
    } finally {
      await t.close();
    }
  });
});
