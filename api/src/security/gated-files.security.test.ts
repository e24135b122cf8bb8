import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResourceRoutes } from '@agency/contracts';
import { createTestApp } from '../test-support/test-app';
import { STAFF_PASSWORD, signIn, staffClient } from '../admin/admin-test-support';

/**
 * Issue 14, item 9: a gated resource's file is served only through its signed download link.
 * Probe: upload a file in the CMS, offer it as a gated resource, then ask for its plain /uploads/ URL
 * every way a visitor who knows or guesses the name could. Before: 200 with the file. After: 404.
 */
const SECRET = Buffer.from('%PDF-1.7\nthe paid benchmark report');

describe('gated files', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let staff: ReturnType<typeof staffClient>;
  let url = '';
  let id = 0;

  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_PASSWORD: STAFF_PASSWORD } });
    staff = staffClient(t.app, await signIn(t.app));
    url = (await staff.post('/api/admin/resources/upload').attach('file', SECRET, 'report.pdf').expect(201))
      .body.url;
    id = (
      await staff
        .post('/api/admin/resources')
        .send({
          title: 'Paid report',
          description: 'd',
          type: 'whitepaper',
          gated: true,
          published: true,
          fileUrl: url,
        })
        .expect(201)
    ).body.id;
  });
  afterAll(() => t.close());

  it('answers 404 at the plain /uploads/ URL, however it is asked for', async () => {
    const probes: [string, (r: request.Test) => request.Test][] = [
      ['GET', (r) => r],
      ['with a range', (r) => r.set('Range', 'bytes=0-')],
      ['with a query string', (r) => r.query({ download: '1' })],
      ['as staff', (r) => r.set('Cookie', 'staff_session=x')],
    ];
    for (const [label, tweak] of probes) {
      const res = await tweak(request(t.app).get(url));
      expect(res.status, label).toBe(404);
      expect(res.text ?? '', label).not.toContain('benchmark');
    }
    expect((await request(t.app).head(url)).status).toBe(404);
    for (const variant of [url.toUpperCase(), `${url}/`, url.replace('/uploads/', '/uploads/./')]) {
      const res = await request(t.app).get(variant);
      expect(res.status, variant).toBeGreaterThanOrEqual(400);
      expect(res.text ?? '', variant).not.toContain('benchmark');
    }
  });

  it('stays gated when staff store the URL with a query string or fragment', async () => {
    for (const fileUrl of [`${url}?dl=1`, `${url}#page=2`]) {
      await staff
        .put(`/api/admin/resources/${id}`)
        .send({
          title: 'Paid report',
          description: 'd',
          type: 'whitepaper',
          gated: true,
          published: true,
          fileUrl,
        })
        .expect(200);
      expect((await request(t.app).get(url)).status, fileUrl).toBe(404);
    }
    await staff
      .put(`/api/admin/resources/${id}`)
      .send({
        title: 'Paid report',
        description: 'd',
        type: 'whitepaper',
        gated: true,
        published: true,
        fileUrl: url,
      })
      .expect(200);
  });

  it('is served by the signed download link only, and the public list never names it', async () => {
    await request(t.app).get(ResourceRoutes.download(id)).expect(403);
    const list = await request(t.app).get('/api/resources').expect(200);
    expect(JSON.stringify(list.body)).not.toContain(url.slice('/uploads/'.length));
    const lead = await request(t.app)
      .post(`/api/resources/${id}/leads`)
      .send({ name: 'Grace Hopper', email: 'grace@example.com' })
      .expect(201);
    const file = await request(t.app).get(lead.body.url).buffer(true).expect(200);
    expect(file.headers['cache-control']).toBe('no-store');
    expect(String(file.body)).toContain('benchmark');
  });
});
