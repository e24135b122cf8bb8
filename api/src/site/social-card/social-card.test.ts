import request from 'supertest';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test-support/test-app';
import { standInSite } from '../../test-support/stand-in-site';
import { STAFF_PASSWORD, signIn, staffClient } from '../../admin/admin-test-support';
import { blogPosts, caseStudies, pages } from '../../db/schema';

const ORIGIN = 'https://www.example-agency.com';

const headOf = (html: string) => new JSDOM(html).window.document;
const metaOf = (doc: Document, selector: string) => doc.querySelector(selector)?.getAttribute('content');

/** A picture of one flat colour: easy to tell apart in a card. */
const flat = (width: number, height: number, rgb: [number, number, number]) =>
  sharp({ create: { width, height, channels: 3, background: { r: rgb[0], g: rgb[1], b: rgb[2] } } })
    .png()
    .toBuffer();

/** The average colour of a PNG's region. */
async function meanColour(
  png: Buffer,
  region?: { left: number; top: number; width: number; height: number },
) {
  const img = sharp(png);
  const stats = await (region ? img.extract(region) : img).stats();
  return stats.channels.slice(0, 3).map((c) => Math.round(c.mean));
}

describe('social cards: a 1200×630 PNG per public page, named in its head', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let staff: ReturnType<typeof staffClient>;

  beforeAll(async () => {
    t = await createTestApp({
      env: { ADMIN_PASSWORD: STAFF_PASSWORD, SITE_ROOT: standInSite('social-card'), PUBLIC_URL: ORIGIN },
    });
    staff = staffClient(t.app, await signIn(t.app));
    await t.db.insert(blogPosts).values([
      {
        slug: 'measure-what-matters',
        title: 'Measure What Matters',
        excerpt: 'A practical guide.',
        content: 'x',
        category: 'Analytics',
        author: 'Maya Chen',
        published: true,
        publishedAt: '2025-01-05T10:00:00Z',
      },
      { slug: 'draft', title: 'Draft', excerpt: 'x', content: 'x', category: 'SEO', author: 'A' },
    ]);
    await t.db.insert(caseStudies).values({
      slug: 'retailer-growth',
      title: 'Retailer triples organic revenue',
      client: 'Northwind',
      industry: 'Retail',
      duration: '6 months',
      challenge: 'Stalled.',
      solution: 'SEO.',
      imageUrl: '/api/files/images/outdoor-retailer-organic-growth.svg',
      published: true,
    });
  });
  afterAll(() => t.close());

  /** The card the page's head names: its address (as a path on this app) and its og tags. */
  async function cardOf(pagePath: string) {
    const doc = headOf((await request(t.app).get(pagePath).expect(200)).text);
    const url = metaOf(doc, 'meta[property="og:image"]');
    expect(url, pagePath).toMatch(/^https:\/\/www\.example-agency\.com\/api\/social-card\.png\?/);
    return { doc, url: url!, path: url!.slice(ORIGIN.length) };
  }

  it('answers the card as a 1200×630 PNG, cached for a year under its versioned address', async () => {
    const { doc, path } = await cardOf('/blog/measure-what-matters');
    expect(metaOf(doc, 'meta[property="og:image:width"]')).toBe('1200');
    expect(metaOf(doc, 'meta[property="og:image:height"]')).toBe('630');
    expect(metaOf(doc, 'meta[property="og:image:alt"]')).toBe(
      'Measure What Matters: Blog · Analytics at Distilled Digital',
    );
    expect(metaOf(doc, 'meta[name="twitter:card"]')).toBe('summary_large_image');

    const res = await request(t.app).get(path).buffer(true).expect(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // Another site's page may show it (the rest of the site stays same-origin).
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const etag = res.headers['etag'];
    expect(etag).toMatch(/^"card-[0-9a-f]{16}"$/);
    const meta = await sharp(res.body as Buffer).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1200, 630]);

    // Asked again with its ETag: not modified. Without a version: the current card, asked for again each time.
    await request(t.app).get(path).set('If-None-Match', etag!).expect(304);
    const bare = await request(t.app)
      .get('/api/social-card.png')
      .query({ path: '/blog/measure-what-matters' })
      .buffer(true)
      .expect(200);
    expect(bare.headers['cache-control']).toBe('public, no-cache');
    expect(Buffer.compare(bare.body as Buffer, res.body as Buffer)).toBe(0);
  });

  it('has no card for a draft, an unknown page or a bad path', async () => {
    await request(t.app).get('/api/social-card.png').query({ path: '/blog/draft' }).expect(404);
    const missing = await request(t.app)
      .get('/api/social-card.png')
      .query({ path: '/no/such/page' })
      .expect(404);
    // The API's one error shape, as the OpenAPI document says for this route.
    expect(missing.body).toEqual({ message: 'Page not found', code: 'NOT_FOUND' });
    await request(t.app).get('/api/social-card.png').query({ path: 'blog' }).expect(400);
    await request(t.app).get('/api/social-card.png').query({ path: '/blog', v: 'x' }).expect(400);
  });

  it('a title change gives a new card under a new address', async () => {
    const before = await cardOf('/blog/measure-what-matters');
    const oldCard = (await request(t.app).get(before.path).buffer(true).expect(200)).body as Buffer;
    const [post] = await t.db
      .select({ id: blogPosts.id })
      .from(blogPosts)
      .where(eq(blogPosts.slug, 'measure-what-matters'));
    const current = (await staff.get(`/api/admin/blog-posts/${post!.id}`).expect(200)).body;
    const { id: _id, createdAt: _c, updatedAt: _u, ...values } = current;
    await staff
      .put(`/api/admin/blog-posts/${post!.id}`)
      .send({ ...values, title: 'Measure What Really Matters To Your Board' })
      .expect(200);

    const after = await cardOf('/blog/measure-what-matters');
    expect(after.url).not.toBe(before.url);
    expect(metaOf(after.doc, 'meta[property="og:image:alt"]')).toContain('Measure What Really Matters');
    const newCard = await request(t.app).get(after.path).buffer(true).expect(200);
    expect(newCard.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Buffer.compare(newCard.body as Buffer, oldCard)).not.toBe(0);
    // The old address now answers the new card, not to be kept.
    const old = await request(t.app).get(before.path).buffer(true).expect(200);
    expect(old.headers['cache-control']).toBe('public, no-cache');
    expect(Buffer.compare(old.body as Buffer, newCard.body as Buffer)).toBe(0);
  });

  it("draws a case study's card over its own picture", async () => {
    // The study's picture: a flat green one, so the card shows whether it was drawn in.
    const upload = await staff
      .post('/api/admin/upload')
      .attach('image', await flat(1600, 900, [20, 180, 60]), 'green.png')
      .expect(201);
    const [study] = await t.db.select().from(caseStudies).where(eq(caseStudies.slug, 'retailer-growth'));
    const current = (await staff.get(`/api/admin/case-studies/${study!.id}`).expect(200)).body;
    const { id: _id, createdAt: _c, updatedAt: _u, ...values } = current;
    const setPicture = (imageUrl: string) =>
      staff
        .put(`/api/admin/case-studies/${study!.id}`)
        .send({ ...values, imageUrl })
        .expect(200);
    await setPicture(upload.body.url as string);
    const { path } = await cardOf('/case-studies/retailer-growth');
    const card = (await request(t.app).get(path).buffer(true).expect(200)).body as Buffer;
    const meta = await sharp(card).metadata();
    expect([meta.width, meta.height]).toEqual([1200, 630]);
    // The right-hand side shows the picture under the card's shade (the text panel darkens only the
    // left): green leads there, as it does in no card without the picture.
    const greenLead = async (png: Buffer) => {
      const [r, g, b] = await meanColour(png, { left: 1100, top: 300, width: 100, height: 100 });
      return g! - Math.max(r!, b!);
    };
    expect(await greenLead(card)).toBeGreaterThan(15);
    const plain = (
      await request(t.app)
        .get((await cardOf('/services')).path)
        .buffer(true)
    ).body as Buffer;
    expect(await greenLead(plain)).toBeLessThan(0);
    await setPicture(values.imageUrl as string);
  });

  it("crops a case study's picture around the focal point staff set in the library (issue 41)", async () => {
    // 3000×630, red on the left half and blue on the right: a 1200-wide crop shows which side it kept.
    const picture = await sharp(await flat(3000, 630, [220, 20, 20]))
      .composite([{ input: await flat(1500, 630, [20, 20, 220]), left: 1500, top: 0 }])
      .png()
      .toBuffer();
    const upload = await staff.post('/api/admin/upload').attach('image', picture, 'halves.png').expect(201);
    const [study] = await t.db.select().from(caseStudies).where(eq(caseStudies.slug, 'retailer-growth'));
    const current = (await staff.get(`/api/admin/case-studies/${study!.id}`).expect(200)).body;
    const { id: _id, createdAt: _c, updatedAt: _u, ...values } = current;
    await staff
      .put(`/api/admin/case-studies/${study!.id}`)
      .send({ ...values, imageUrl: upload.body.url })
      .expect(200);
    const blueLead = async (png: Buffer) => {
      const [r, , b] = await meanColour(png, { left: 1100, top: 300, width: 100, height: 100 });
      return b! - r!;
    };
    const focusOn = async (focus: { x: number; y: number } | null) => {
      const saved = await staff.patch(`/api/admin/media/${upload.body.id}`).send({ focus }).expect(200);
      expect(saved.body.focus).toEqual(focus);
      const study = await request(t.app).get('/api/case-studies/retailer-growth').expect(200);
      expect(study.body.image.focus).toEqual(focus ?? undefined);
      const { path } = await cardOf('/case-studies/retailer-growth');
      return { path, card: (await request(t.app).get(path).buffer(true).expect(200)).body as Buffer };
    };

    const right = await focusOn({ x: 90, y: 50 });
    expect(await blueLead(right.card)).toBeGreaterThan(20);
    const left = await focusOn({ x: 10, y: 50 });
    expect(await blueLead(left.card)).toBeLessThan(-20);
    // A new point is a new card address: caches and social sites fetch the new crop.
    expect(left.path).not.toBe(right.path);

    const wrong = await staff.patch(`/api/admin/media/${upload.body.id}`).send({ focus: { x: 150, y: 0 } });
    expect(wrong.status).toBe(400);
    expect(
      (await staff.get('/api/admin/media').expect(200)).body.find(
        (m: { id: number }) => m.id === upload.body.id,
      ).focus,
    ).toEqual({ x: 10, y: 50 });
    await focusOn(null);
    await staff.put(`/api/admin/case-studies/${study!.id}`).send(values).expect(200);
  });

  it("crops staff's replacement picture around its focal point too, on any item's page (issue 41)", async () => {
    // 3000×630, red on the left half and blue on the right: the card is the crop, with nothing drawn on it.
    const picture = await sharp(await flat(3000, 630, [230, 10, 10]))
      .composite([{ input: await flat(1500, 630, [10, 10, 230]), left: 1500, top: 0 }])
      .png()
      .toBuffer();
    const upload = await staff
      .post('/api/admin/upload')
      .attach('image', picture, 'card-halves.png')
      .expect(201);
    const [page] = await t.db
      .insert(pages)
      .values({ name: 'Card page', slug: 'card-page', title: 'Card page', published: true })
      .returning();
    const current = (await staff.get(`/api/admin/pages/${page!.id}`).expect(200)).body;
    const { id: _id, createdAt: _c, updatedAt: _u, ...values } = current;
    await staff
      .put(`/api/admin/pages/${page!.id}`)
      .send({ ...values, socialImageUrl: upload.body.url })
      .expect(200);
    const focusOn = async (focus: { x: number; y: number }) => {
      await staff.patch(`/api/admin/media/${upload.body.id}`).send({ focus }).expect(200);
      // The page's data carries the point (the page names its card with it) ...
      const answer = await request(t.app).get('/api/pages/card-page').expect(200);
      expect(answer.body.socialImageFocus).toEqual(focus);
      // ... and its head, kept or not, names the card that crops around it.
      const { path } = await cardOf('/card-page');
      return { path, card: (await request(t.app).get(path).buffer(true).expect(200)).body as Buffer };
    };
    const blueLead = async (png: Buffer) => {
      const [r, , b] = await meanColour(png);
      return b! - r!;
    };

    const right = await focusOn({ x: 90, y: 50 });
    expect(await blueLead(right.card)).toBeGreaterThan(150);
    const left = await focusOn({ x: 10, y: 50 });
    expect(await blueLead(left.card)).toBeLessThan(-150);
    expect(left.path).not.toBe(right.path);
  });

  it('a card that staff replaced in the CMS is their picture, at 1200×630, under a new address', async () => {
    const before = await cardOf('/case-studies/retailer-growth');
    const upload = await staff
      .post('/api/admin/upload')
      .attach('image', await flat(1600, 900, [200, 30, 40]), 'card.png')
      .expect(201);
    const [study] = await t.db.select().from(caseStudies).limit(1);
    const current = (await staff.get(`/api/admin/case-studies/${study!.id}`).expect(200)).body;
    const { id: _id, createdAt: _c, updatedAt: _u, ...values } = current;
    await staff
      .put(`/api/admin/case-studies/${study!.id}`)
      .send({ ...values, socialImageUrl: upload.body.url })
      .expect(200);

    const after = await cardOf('/case-studies/retailer-growth');
    expect(after.url).not.toBe(before.url);
    const card = (await request(t.app).get(after.path).buffer(true).expect(200)).body as Buffer;
    const meta = await sharp(card).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1200, 630]);
    // Staff's flat red picture, all over: no text panel drawn on it.
    expect(await meanColour(card)).toEqual([200, 30, 40]);

    // Cleared again: the generated card comes back.
    await staff
      .put(`/api/admin/case-studies/${study!.id}`)
      .send({ ...values, socialImageUrl: '' })
      .expect(200);
    expect((await cardOf('/case-studies/retailer-growth')).url).toBe(before.url);
  });
});
