import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test-support/test-app';
import { STAFF_PASSWORD, signIn } from './admin-test-support';

const PUBLIC_URL = 'https://agency.example';

/** Issue 36, item 11: a staff write's Origin is judged against PUBLIC_URL, never the request's own Host. */
describe('same-origin staff writes', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_PASSWORD: STAFF_PASSWORD, PUBLIC_URL, PUBLIC_URL_SET: true } });
    cookie = await signIn(t.app);
  });
  afterAll(() => t.close());

  const write = (host: string, origin: string, slug: string) =>
    request(t.app)
      .post('/api/admin/blog-posts')
      .set('Cookie', cookie)
      .set('Host', host)
      .set('Origin', origin)
      .send({
        slug,
        title: 'Origin test',
        excerpt: 'x',
        content: 'Body',
        category: 'SEO',
        author: 'Ann',
        tags: [],
      });

  it('refuses an Origin that only matches the Host header the sender chose, or PUBLIC_URL under another scheme', async () => {
    const spoofed = await write('attacker.example', 'http://attacker.example', 'spoofed-host');
    expect(spoofed.status).toBe(403);
    expect(spoofed.body.message).toBe('Cross-site request refused');
    expect((await write('agency.example', 'http://agency.example', 'wrong-scheme')).status).toBe(403);
    expect((await write('agency.example', 'null', 'null-origin')).status).toBe(403);
    const pages = await request(t.app).get('/api/admin/blog-posts').set('Cookie', cookie).expect(200);
    expect(JSON.stringify(pages.body)).not.toMatch(/spoofed-host|wrong-scheme|null-origin/);
  });

  it("accepts PUBLIC_URL's origin, whatever Host a proxy passes on", async () => {
    const res = await write('127.0.0.1:3000', PUBLIC_URL, 'from-the-site');
    expect(res.status).toBe(201);
  });
});
