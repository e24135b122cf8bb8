import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { resourceListSchema, ResourceLeadMessages, ResourceRoutes } from '@agency/contracts';
import { createTestApp } from '../test-support/test-app';
import { resourceLeads, resources } from '../db/schema';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(() => t.close());

const rowBy = async (title: string) => {
  const [row] = await t.db.select().from(resources).where(eq(resources.title, title));
  return row!;
};
const gatedTitle = 'Paid Media Benchmarks Report 2025';
const freeTitle = 'The Technical SEO Field Guide';

/** supertest buffers binary bodies only when asked to. */
const binary = (res: request.Response, cb: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};

describe('GET /api/resources', () => {
  it('lists published resources of all five types, hiding the file of gated ones', async () => {
    const res = await request(t.app).get('/api/resources?published=true').expect(200);
    const list = resourceListSchema.parse(res.body);
    expect(list.length).toBeGreaterThanOrEqual(6);
    expect(new Set(list.map((r) => r.type))).toEqual(
      new Set(['ebook', 'whitepaper', 'guide', 'checklist', 'template']),
    );
    expect(list.map((r) => r.title)).not.toContain('Shopify Plus Migration Guide');
    for (const r of res.body as Array<Record<string, unknown>>) {
      if (r['gated']) expect(r).not.toHaveProperty('fileUrl');
      else expect(r['fileUrl']).toBe(ResourceRoutes.download(r['id'] as number));
      expect(JSON.stringify(r)).not.toMatch(/\.pdf|\.csv|\.md/);
    }
  });

  it('refuses unknown parameters', async () => {
    await request(t.app).get('/api/resources?type=ebook').expect(400);
  });
});

describe('ungated download', () => {
  it('sends the file as an attachment and counts the download', async () => {
    const row = await rowBy(freeTitle);
    const res = await request(t.app)
      .get(ResourceRoutes.download(row.id))
      .buffer(true)
      .parse(binary)
      .expect(200);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="?technical-seo-field-guide\.pdf"?$/,
    );
    expect(res.headers['content-type']).toMatch(/application\/pdf/);
    expect((res.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
    expect((await rowBy(freeTitle)).downloadCount).toBe(row.downloadCount + 1);
  });

  it('answers 404 for an unpublished resource and unknown or malformed ids', async () => {
    const draft = await rowBy('Shopify Plus Migration Guide');
    await request(t.app).get(ResourceRoutes.download(draft.id)).expect(404);
    await request(t.app).get('/api/resources/999999/download').expect(404);
    await request(t.app).get('/api/resources/1%20or%201=1/download').expect(404);
    await request(t.app).get('/api/resources/-1/download').expect(404);
    expect((await rowBy('Shopify Plus Migration Guide')).downloadCount).toBe(draft.downloadCount);
  });

  it('never serves a file outside the resources folder, even if a row points there', async () => {
    const [row] = await t.db
      .insert(resources)
      .values({ title: 'Evil', description: 'x', fileUrl: '../../src/env.ts', published: true })
      .returning();
    const res = await request(t.app).get(ResourceRoutes.download(row!.id)).expect(404);
    expect(res.text).not.toMatch(/envSchema/);
  });
});

describe('gated resources', () => {
  it('refuses a download without or with a bad token, counting nothing', async () => {
    const row = await rowBy(gatedTitle);
    const url = ResourceRoutes.download(row.id);
    await request(t.app).get(url).expect(403);
    await request(t.app).get(`${url}?token=garbage`).expect(403);
    await request(t.app)
      .get(`${url}?token=${Date.now() + 60_000}.${'A'.repeat(43)}`)
      .expect(403);
    expect((await rowBy(gatedTitle)).downloadCount).toBe(row.downloadCount);
  });

  it('stores the lead, counts the download and answers a URL that delivers the file', async () => {
    const row = await rowBy(gatedTitle);
    const res = await request(t.app)
      .post(ResourceRoutes.leads(row.id))
      .send({ name: '  Grace Hopper ', email: 'grace@navy.example', website: '' })
      .expect(201);
    expect(res.body.url).toMatch(new RegExp(`^${ResourceRoutes.download(row.id)}\\?token=`));
    const [lead] = await t.db
      .select()
      .from(resourceLeads)
      .where(eq(resourceLeads.email, 'grace@navy.example'));
    expect(lead).toMatchObject({ resourceId: row.id, name: 'Grace Hopper' });
    expect(Date.parse(lead!.createdAt)).not.toBeNaN();
    expect((await rowBy(gatedTitle)).downloadCount).toBe(row.downloadCount + 1);

    const file = await request(t.app).get(res.body.url).buffer(true).parse(binary).expect(200);
    expect(file.headers['content-disposition']).toMatch(
      /^attachment; filename="?paid-media-benchmarks-2025\.pdf"?$/,
    );
    expect((file.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
    // The lead counted the download; fetching the file does not count it twice.
    expect((await rowBy(gatedTitle)).downloadCount).toBe(row.downloadCount + 1);
  });

  it('a token is bound to its resource', async () => {
    const gated = await rowBy(gatedTitle);
    const other = await rowBy('The E-Commerce Growth Playbook');
    const res = await request(t.app)
      .post(ResourceRoutes.leads(gated.id))
      .send({ name: 'Ada', email: 'ada@example.com' })
      .expect(201);
    const token = new URL(res.body.url, 'http://x').searchParams.get('token')!;
    await request(t.app)
      .get(`${ResourceRoutes.download(other.id)}?token=${encodeURIComponent(token)}`)
      .expect(403);
  });

  it('answers 400 with field messages for an invalid lead and stores nothing', async () => {
    const row = await rowBy(gatedTitle);
    const before = (await t.db.select().from(resourceLeads)).length;
    const res = await request(t.app)
      .post(ResourceRoutes.leads(row.id))
      .send({ name: ' ', email: 'nope' })
      .expect(400);
    expect(res.body.fields).toEqual({ name: ResourceLeadMessages.name, email: ResourceLeadMessages.email });
    await request(t.app)
      .post(ResourceRoutes.leads(row.id))
      .send({ name: 'Ada', email: 'ada@example.com', resourceId: 1 })
      .expect(400);
    await request(t.app)
      .post(ResourceRoutes.leads(row.id))
      .send({ name: 'Ada\r\nBcc: x', email: 'ada@example.com' })
      .expect(400);
    expect((await t.db.select().from(resourceLeads)).length).toBe(before);
    expect((await rowBy(gatedTitle)).downloadCount).toBe(row.downloadCount);
  });

  it('answers 404 for a lead on an unknown or unpublished resource', async () => {
    const draft = await rowBy('Shopify Plus Migration Guide');
    await request(t.app)
      .post(ResourceRoutes.leads(draft.id))
      .send({ name: 'A', email: 'a@b.co' })
      .expect(404);
    await request(t.app).post(ResourceRoutes.leads(424242)).send({ name: 'A', email: 'a@b.co' }).expect(404);
  });

  it('drops a lead whose honeypot is filled, without a working link', async () => {
    const row = await rowBy(gatedTitle);
    const before = (await t.db.select().from(resourceLeads)).length;
    const res = await request(t.app)
      .post(ResourceRoutes.leads(row.id))
      .send({ name: 'Bot', email: 'bot@example.com', website: 'http://spam.example' })
      .expect(201);
    expect((await t.db.select().from(resourceLeads)).length).toBe(before);
    await request(t.app).get(res.body.url).expect(403);
    expect((await rowBy(gatedTitle)).downloadCount).toBe(row.downloadCount);
  });
});
