import request from 'supertest';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test-support/test-app';
import { STAFF_PASSWORD, signIn, staffClient } from '../admin/admin-test-support';

/** A real image, different for every `seed`. */
const image = (seed: number) =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: { r: seed, g: 90, b: 160 } } })
    .png()
    .toBuffer();

describe('a library image that a gated resource also offers', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let staff: ReturnType<typeof staffClient>;
  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_PASSWORD: STAFF_PASSWORD } });
    staff = staffClient(t.app, await signIn(t.app));
  });
  afterAll(() => t.close());

  const createResource = async (fileUrl: string, gated: boolean) =>
    (
      await staff
        .post('/api/admin/resources')
        .send({ title: `R ${fileUrl}`, description: 'd', type: 'guide', gated, fileUrl, published: true })
        .expect(201)
    ).body as { id: number };

  it('stays public (pages show it) when a gated resource offers the same file', async () => {
    const { body } = await staff
      .post('/api/admin/upload')
      .attach('image', await image(1), 'team.png')
      .expect(201);
    await request(t.app).get(body.url).expect(200);
    await createResource(body.url, true);
    const res = await request(t.app).get(body.url);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    // Its responsive copies too.
    const copy = (body.derivatives as { url: string }[])[0]!.url;
    await request(t.app).get(copy).expect(200);
  });

  it('stays public when the resource uploaded the same bytes as its own file', async () => {
    const bytes = await image(2);
    const library = await staff.post('/api/admin/upload').attach('image', bytes, 'chart.png').expect(201);
    const asResource = await staff.post('/api/admin/resources/upload').attach('file', bytes, 'chart.png');
    expect(asResource.body).toMatchObject({ url: library.body.url, reused: true });
    await createResource(asResource.body.url, true);
    await request(t.app).get(library.body.url).expect(200);
  });

  it('a file uploaded only for a gated resource stays hidden, until staff put it in the library', async () => {
    const bytes = await image(3);
    const { body } = await staff
      .post('/api/admin/resources/upload')
      .attach('file', bytes, 'plan.png')
      .expect(201);
    await createResource(body.url, true);
    await request(t.app).get(body.url).expect(404);
    const library = await staff.post('/api/admin/upload').attach('image', bytes, 'plan.png').expect(200);
    expect(library.body).toMatchObject({ url: body.url, reused: true });
    await request(t.app).get(body.url).expect(200);
  });
});
