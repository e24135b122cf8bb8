import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test-support/test-app';
import { STAFF_PASSWORD, signIn, staffClient } from '../admin/admin-test-support';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const SERVICES = '/api/services?published=true';
const POSTS = '/api/blog-posts?published=true';

const contact = {
  firstName: 'Cache',
  lastName: 'Probe',
  email: 'cache.probe@example.com',
  company: 'Probe Ltd',
  budget: '10k-25k',
  goals: 'Trying to empty the public cache',
};

/** Reads `url` twice; the second answer must come from memory. */
async function warm(t: TestApp, url: string) {
  await request(t.app).get(url).expect(200);
  expect((await request(t.app).get(url).expect(200)).headers['x-cache'], url).toBe('HIT');
}
const cacheState = async (t: TestApp, url: string) =>
  (await request(t.app).get(url).expect(200)).headers['x-cache'];

describe('public read cache', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: true, env: { ADMIN_PASSWORD: STAFF_PASSWORD, RATE_LIMIT_SCALE: 10 } });
  });
  afterAll(() => t.close());

  it('anonymous OPTIONS, HEAD, POSTs, writes and downloads never empty it', async () => {
    await warm(t, SERVICES);
    await warm(t, POSTS);
    type Listed = { id: number; gated: boolean; downloadCount: number };
    const listResources = async () =>
      (await request(t.app).get('/api/resources').expect(200)).body as Listed[];
    const free = (await listResources()).find((r) => !r.gated)!;

    await request(t.app).options('/api/services').expect(200);
    await request(t.app).options('/api/blog-posts/core-web-vitals-what-moves-rankings');
    await request(t.app).head('/api/services');
    await request(t.app).post('/api/contacts').send(contact).expect(201);
    await request(t.app).post('/api/newsletter').send({ email: 'cache.probe@example.com' }).expect(201);
    await request(t.app).post('/api/services').send({});
    await request(t.app).delete('/api/blog-posts/core-web-vitals-what-moves-rankings');
    await request(t.app).put('/api/admin/services/1').send({ title: 'x' }).expect(401);
    const download = await request(t.app).get(`/api/resources/${free.id}/download`);
    expect(download.status).toBeLessThan(400);
    // The download shows in the list at once: that list is never kept in memory.
    expect((await listResources()).find((r) => r.id === free.id)!.downloadCount).toBe(free.downloadCount + 1);

    expect(await cacheState(t, SERVICES)).toBe('HIT');
    expect(await cacheState(t, POSTS)).toBe('HIT');
  });

  it('a staff write drops only the family it changed, and a failed one drops nothing', async () => {
    const staff = staffClient(t.app, await signIn(t.app));
    const list = (await staff.get('/api/admin/services').expect(200)).body as Record<string, unknown>[];
    const { id, createdAt: _c, updatedAt: _u, ...service } = list.find((s) => s.slug === 'seo')!;
    await warm(t, SERVICES);
    await warm(t, POSTS);

    await staff
      .put(`/api/admin/services/${id}`)
      .send({ ...service, title: '' })
      .expect(400);
    await staff.delete('/api/admin/blog-posts/999999').expect(404);
    expect(await cacheState(t, SERVICES)).toBe('HIT');
    expect(await cacheState(t, POSTS)).toBe('HIT');

    await staff
      .put(`/api/admin/services/${id}`)
      .send({ ...service, title: 'SEO, renamed' })
      .expect(200);
    const after = await request(t.app).get(SERVICES).expect(200);
    expect(after.headers['x-cache']).toBe('MISS');
    expect((after.body as { title: string }[]).map((s) => s.title)).toContain('SEO, renamed');
    expect(await cacheState(t, POSTS)).toBe('HIT');
    // Media files and leads change no public answer either.
    await staff.get('/api/admin/leads').expect(200);
    expect(await cacheState(t, SERVICES)).toBe('HIT');
  });

  it('200 spellings of one URL leave one entry; unknown query parameters are refused', async () => {
    const fresh = await createTestApp({ seed: true });
    try {
      const variants = new Set<string>();
      for (let mask = 0; variants.size < 200; mask++) {
        const word = [...'services'].map((c, i) => (mask & (1 << i) ? c.toUpperCase() : c)).join('');
        const slash = mask & 256 ? '/' : '';
        const query = ['?published=true', '?publishe%64=%74rue', '?published=true&', '?&published=true'][
          (mask >> 9) & 3
        ];
        variants.add(`/api/${word}${slash}${query}`);
      }
      for (const url of variants) {
        const res = await request(fresh.app).get(url);
        expect(res.status, url).toBe(200);
      }
      for (let i = 0; i < 20; i++) {
        const res = await request(fresh.app).get(`/api/services?published=true&v=${i}`);
        expect(res.status).toBe(400);
        expect(res.body.code).toBe('VALIDATION_ERROR');
        await request(fresh.app)
          .get(`/api/blog-posts/core-web-vitals-what-moves-rankings?v=${i}`)
          .expect(400);
      }
      expect(fresh.cache.size()).toBe(1);
    } finally {
      await fresh.close();
    }
  });
});
