import request from 'supertest';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CASE_STUDY_IMAGE_SIZES } from '@agency/contracts';
import { createTestApp } from '../test-support/test-app';
import { standInSite } from '../test-support/stand-in-site';
import { storedFileRows } from '../test-support/files';
import { caseStudies, media } from '../db/schema';
import { backfillDerivatives } from '../files/uploaded-files';
import { CASE_STUDY_FIELDS, STAFF_PASSWORD, signIn, staffClient } from './admin-test-support';

/** A real image of `width`×`height` with some detail (noise), different for every `seed`. */
async function photo(width: number, height: number, seed = 1): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  let x = seed * 2654435761;
  for (let i = 0; i < raw.length; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    raw[i] = (i % 3 === 0 ? (i / 3) % width : x >>> 24) & 0xff;
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

const CASE_STUDY = { ...CASE_STUDY_FIELDS, published: true };

describe('the media library: dedup, responsive copies, alt text', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let staff: ReturnType<typeof staffClient>;
  let wide: Buffer;

  beforeAll(async () => {
    // A stand-in site build: the page's head (the image preload) is the API's own, whatever renders the body.
    t = await createTestApp({
      env: { ADMIN_PASSWORD: STAFF_PASSWORD, SITE_ROOT: standInSite('media-library') },
    });
    staff = staffClient(t.app, await signIn(t.app));
    wide = await photo(1800, 900);
  });
  afterAll(() => t.close());

  it('makes AVIF and WebP copies at 480, 960 and 1600 px, records the size, and serves them', async () => {
    const res = await staff.post('/api/admin/upload').attach('image', wide, 'wide.png').expect(201);
    expect(res.body).toMatchObject({ reused: false, width: 1800, height: 900, altText: '' });
    const [row] = await t.db.select().from(media).where(eq(media.id, res.body.id));
    expect(row).toMatchObject({ width: 1800, height: 900, size: wide.length });
    expect(row!.contentHash).toMatch(/^[0-9a-f]{64}$/);
    const copies = row!.derivatives.map((d) => `${d.format}@${d.width}x${d.height}`).sort();
    expect(copies).toEqual([
      'avif@1600x800',
      'avif@480x240',
      'avif@960x480',
      'webp@1600x800',
      'webp@480x240',
      'webp@960x480',
    ]);
    for (const d of res.body.derivatives as { url: string; format: string; width: number; size: number }[]) {
      expect(d.url).toMatch(/^\/uploads\/[0-9a-f]{32}-\d+\.(avif|webp)$/);
      const served = await request(t.app)
        .get(d.url)
        .buffer(true)
        .parse((r, done) => {
          const parts: Buffer[] = [];
          r.on('data', (c: Buffer) => parts.push(c));
          r.on('end', () => done(null, Buffer.concat(parts)));
        })
        .expect(200);
      expect(served.headers['content-type']).toBe(`image/${d.format}`);
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      const body = served.body as Buffer;
      expect(body.length).toBe(d.size);
      const meta = await sharp(body).metadata();
      expect(meta.width).toBe(d.width);
      expect(meta.format).toBe(d.format === 'avif' ? 'heif' : 'webp');
    }
  });

  it('never upscales: a 300 px image gets copies at 300 px only', async () => {
    const small = await photo(300, 200, 2);
    const res = await staff.post('/api/admin/upload').attach('image', small, 'small.png').expect(201);
    const widths = (res.body.derivatives as { width: number; format: string }[]).map(
      (d) => `${d.format}@${d.width}`,
    );
    expect(widths.sort()).toEqual(['avif@300', 'webp@300']);
  });

  it('stores the same bytes once: the second upload answers 200 with the existing file', async () => {
    const bytes = await photo(200, 100, 3);
    const before = await storedFileRows(t.db);
    const first = await staff.post('/api/admin/upload').attach('image', bytes, 'a.png').expect(201);
    const afterFirst = await storedFileRows(t.db);
    const second = await staff.post('/api/admin/upload').attach('image', bytes, 'b.png').expect(200);
    expect(second.body).toMatchObject({ reused: true, id: first.body.id, url: first.body.url });
    expect(second.body.originalName).toBe('a.png');
    expect(await storedFileRows(t.db)).toEqual(afterFirst);
    // One original and its two copies (AVIF and WebP at 200 px).
    expect(afterFirst.media - before.media).toBe(1);
    expect(afterFirst.blobs - before.blobs).toBe(3);
  });

  it('stores one row when the same bytes arrive at once', async () => {
    const bytes = await photo(120, 80, 4);
    const answers = await Promise.all(
      [1, 2, 3].map((i) => staff.post('/api/admin/upload').attach('image', bytes, `same-${i}.png`)),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 201]);
    expect(new Set(answers.map((a) => a.body.url)).size).toBe(1);
    expect(answers[0]!.body.contentHash).toBeUndefined();
    const rows = await t.db.select().from(media).where(eq(media.originalName, 'same-1.png'));
    const names = (await t.db.select().from(media)).filter((r) => r.originalName.startsWith('same-'));
    expect(names).toHaveLength(1);
    expect(rows.length + names.length).toBeGreaterThan(0);
    // No blob is left without its row (the losers stored nothing).
    const stored = await storedFileRows(t.db);
    const blobsOfRows = (await t.db.select().from(media)).reduce((n, r) => n + 1 + r.derivatives.length, 0);
    expect(stored.blobs).toBe(blobsOfRows);
  });

  it('stores alt text given at upload and edited later; refuses bad alt text with 400', async () => {
    const bytes = await photo(100, 100, 5);
    const up = await staff
      .post('/api/admin/upload')
      .field('alt', '  Team at work  ')
      .attach('image', bytes, 'team.png')
      .expect(201);
    expect(up.body.altText).toBe('Team at work');
    const id = up.body.id as number;

    for (const body of [
      { altText: 'x'.repeat(251) },
      { altText: 42 },
      { altText: 'two\nlines' },
      { altText: 'ok', extra: true },
      {},
    ]) {
      const res = await staff.patch(`/api/admin/media/${id}`).send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const tooLong = await staff.patch(`/api/admin/media/${id}`).send({ altText: 'x'.repeat(251) });
    expect(tooLong.body.fields.altText).toBe('Alt text must be at most 250 characters');
    expect((await t.db.select().from(media).where(eq(media.id, id)))[0]!.altText).toBe('Team at work');

    const ok = await staff.patch(`/api/admin/media/${id}`).send({ altText: 'Two people at a whiteboard' });
    expect(ok.status).toBe(200);
    expect(ok.body.altText).toBe('Two people at a whiteboard');
    const list = await staff.get('/api/admin/media').expect(200);
    expect(list.body.find((m: { id: number }) => m.id === id).altText).toBe('Two people at a whiteboard');
    await staff.patch('/api/admin/media/999999').send({ altText: 'x' }).expect(404);
    await request(t.app).patch(`/api/admin/media/${id}`).send({ altText: 'anon' }).expect(401);
  });

  it('answers the responsive image with a case study and a post that use a library image', async () => {
    const up = await staff
      .post('/api/admin/upload')
      .field('alt', 'Traffic chart')
      .attach('image', wide, 'wide.png');
    const url = up.body.url as string;
    await staff
      .post('/api/admin/case-studies')
      .send({ ...CASE_STUDY, slug: 'with-image', title: 'With image', imageUrl: url })
      .expect(201);
    await staff
      .post('/api/admin/case-studies')
      .send({ ...CASE_STUDY, slug: 'elsewhere', title: 'Elsewhere', imageUrl: 'https://cdn.example/x.png' })
      .expect(201);

    const study = (await request(t.app).get('/api/case-studies/with-image').expect(200)).body;
    expect(study.image).toMatchObject({ src: url, width: 1800, height: 900, alt: 'Traffic chart' });
    const base = url.slice(0, -'.png'.length);
    expect(study.image.sources).toEqual([
      { type: 'image/avif', srcset: `${base}-480.avif 480w, ${base}-960.avif 960w, ${base}-1600.avif 1600w` },
      { type: 'image/webp', srcset: `${base}-480.webp 480w, ${base}-960.webp 960w, ${base}-1600.webp 1600w` },
    ]);
    // The page preloads the copy its <picture> will choose, not the original.
    const html = (await request(t.app).get('/case-studies/with-image').expect(200)).text;
    const preload = /<link rel="preload" as="image"[^>]*>/.exec(html)?.[0] ?? '';
    expect(preload).toContain(`imagesrcset="${study.image.sources[0].srcset}"`);
    expect(preload).toContain('type="image/avif"');
    expect(preload).toContain(`imagesizes="${CASE_STUDY_IMAGE_SIZES}"`);
    const other = (await request(t.app).get('/api/case-studies/elsewhere').expect(200)).body;
    expect(other.image).toBeUndefined();
    expect(other.imageUrl).toBe('https://cdn.example/x.png');
    const list = (await request(t.app).get('/api/case-studies').expect(200)).body;
    expect(list.find((s: { slug: string }) => s.slug === 'with-image').image.src).toBe(url);

    await staff
      .post('/api/admin/blog-posts')
      .send({
        slug: 'pictured',
        title: 'Pictured',
        excerpt: 'x',
        content: `Intro\n\n![Traffic](${url})\n\n![Elsewhere](/api/files/images/x.svg)`,
        contentFormat: 'markdown',
        category: 'SEO',
        author: 'Ada',
        tags: [],
        published: true,
      })
      .expect(201);
    const post = (await request(t.app).get('/api/blog-posts/pictured').expect(200)).body;
    expect(Object.keys(post.images)).toEqual([url]);
    expect(post.images[url]).toMatchObject({ width: 1800, height: 900 });

    // Alt text edited in the library shows in the public answer at once (cached answers too).
    await staff.patch(`/api/admin/media/${up.body.id}`).send({ altText: 'Chart of traffic' }).expect(200);
    const again = (await request(t.app).get('/api/case-studies/with-image').expect(200)).body;
    expect(again.image.alt).toBe('Chart of traffic');
  });
});

describe('seeded case-study images', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  afterAll(() => t.close());

  it('are library images; the startup backfill gives them AVIF and WebP copies', async () => {
    t = await createTestApp({ seed: true });
    const studies = await t.db.select().from(caseStudies);
    const withImages = studies.filter((s) => s.imageUrl);
    expect(withImages.length).toBeGreaterThan(0);
    for (const s of withImages) expect(s.imageUrl).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);

    expect(await backfillDerivatives(t.db)).toBe(withImages.length);
    expect(await backfillDerivatives(t.db)).toBe(0);
    const rows = await t.db.select().from(media);
    const report: string[] = [];
    for (const row of rows) {
      expect(row).toMatchObject({ width: 1200, height: 675 });
      expect(row.altText).not.toBe('');
      expect(row.derivatives.map((d) => `${d.format}@${d.width}`).sort()).toEqual([
        'avif@1200',
        'avif@480',
        'avif@960',
        'webp@1200',
        'webp@480',
        'webp@960',
      ]);
      report.push(
        `${row.originalName} original ${row.size} B; ` +
          row.derivatives.map((d) => `${d.format} ${d.width}w ${d.size} B`).join('; '),
      );
    }
    if (process.env.MEDIA_REPORT) console.log(report.join('\n'));
    const study = withImages[0]!;
    const res = await request(t.app).get(`/api/case-studies/${study.slug}`).expect(200);
    expect(res.body.image.sources.map((s: { type: string }) => s.type)).toEqual(['image/avif', 'image/webp']);
    // Encoding AVIF copies of every seeded image is CPU work: about 10 s alone, three times that
    // beside the browser tests on two cores (CI ran over 30 s once).
  }, 120_000);
});
