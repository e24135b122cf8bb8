import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from './test-support/test-app';

describe('app basics', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('GET /healthz answers 200 while the process runs', async () => {
    const res = await request(t.app).get('/healthz').expect(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it('serves the remotes manifest, uncached, with the locally built remotes by default', async () => {
    const res = await request(t.app).get('/remotes-manifest.json').expect(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body.remotes.mf_contact.entry).toBe('/remotes/mf-contact/remoteEntry.js');
  });

  it('lets an environment variable point a remote elsewhere', async () => {
    const other = await createTestApp({
      env: { REMOTE_MF_CONTACT_URL: 'http://127.0.0.2:4000/remoteEntry.js' },
    });
    const res = await request(other.app).get('/remotes-manifest.json').expect(200);
    expect(res.body.remotes.mf_contact.entry).toBe('http://127.0.0.2:4000/remoteEntry.js');
    await other.close();
  });

  it('answers JSON 404 for unknown API routes and never an x-powered-by header', async () => {
    const res = await request(t.app).get('/api/nope').expect(404);
    expect(res.body.code).toBe('NOT_FOUND');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });
});
