import request from 'supertest';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp } from '../test-support/test-app';
import { media } from '../db/schema';
import { STAFF_PASSWORD, signIn, staffClient } from '../admin/admin-test-support';

const ARTIST = 'Jane Photographer';
const NOTES = 'Shot from the balcony of our flat';

/**
 * A phone photo: 300 x 200 pixels as stored, EXIF orientation 6 (shown rotated a quarter turn, so
 * 200 x 300 upright), with author, notes and a GPS position, and a Display P3 colour profile.
 */
async function phonePhoto(width = 300, height = 200): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .withIccProfile('p3')
    .withExif({
      IFD0: { Artist: ARTIST, ImageDescription: NOTES },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 2684/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 3960/100',
      },
    })
    .toBuffer();
}

/** The text in an ICC profile (its description names it: "sP3C" for Display P3, "sRGB"); UTF-16 nulls dropped. */
const iccText = (icc: Buffer | undefined) => icc?.toString('latin1').replace(/\0/g, '') ?? '';

describe('uploads are published without their metadata', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let staff: ReturnType<typeof staffClient>;
  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_PASSWORD: STAFF_PASSWORD } });
    staff = staffClient(t.app, await signIn(t.app));
  });
  afterAll(() => t.close());

  it('the photo as uploaded carries author, notes and GPS (the fixture is what a phone sends)', async () => {
    const photo = await phonePhoto();
    const meta = await sharp(photo).metadata();
    expect(meta.exif).toBeDefined();
    expect(meta.orientation).toBe(6);
    expect(iccText(meta.icc)).toMatch(/sP3C/);
    expect(photo.includes(Buffer.from(ARTIST))).toBe(true);
  });

  it('a JPEG with GPS EXIF uploaded to the library reads back upright, without EXIF, colour profile kept', async () => {
    const photo = await phonePhoto();
    const res = await staff.post('/api/admin/upload').attach('image', photo, 'IMG_0001.jpg').expect(201);
    // The size recorded is the upright one.
    expect(res.body).toMatchObject({ width: 200, height: 300 });
    const served = await request(t.app).get(res.body.url).expect(200);
    const body = served.body as Buffer;
    expect(served.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(body).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect([meta.width, meta.height]).toEqual([200, 300]);
    expect(body.includes(Buffer.from(ARTIST))).toBe(false);
    expect(body.includes(Buffer.from(NOTES))).toBe(false);
    // Display P3 kept: the colours do not shift.
    expect(iccText(meta.icc)).toMatch(/sP3C/);
    // The stored row's size is the published file's.
    const [row] = await t.db.select().from(media).where(eq(media.id, res.body.id));
    expect(row!.size).toBe(body.length);
    // Its responsive copies carry nothing either.
    for (const d of res.body.derivatives as { url: string }[]) {
      const copy = (await request(t.app).get(d.url).expect(200)).body as Buffer;
      expect((await sharp(copy).metadata()).exif).toBeUndefined();
    }
  });

  it('the same photo offered as a resource download is published without EXIF too', async () => {
    const photo = await phonePhoto(320, 200);
    const res = await staff.post('/api/admin/resources/upload').attach('file', photo, 'map.jpg').expect(201);
    const body = (await request(t.app).get(res.body.url).expect(200)).body as Buffer;
    const meta = await sharp(body).metadata();
    expect(meta.exif).toBeUndefined();
    expect(body.includes(Buffer.from(ARTIST))).toBe(false);
    expect([meta.width, meta.height]).toEqual([200, 320]);
  });

  it('a 48 MP photo (8000 x 6000) is published with its responsive copies', async () => {
    const big = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#3366aa' } })
      .jpeg({ quality: 80 })
      .withExif({ IFD0: { Artist: ARTIST } })
      .toBuffer();
    const res = await staff.post('/api/admin/upload').attach('image', big, 'big.jpg').expect(201);
    expect(res.body).toMatchObject({ width: 8000, height: 6000 });
    const copies = (res.body.derivatives as { format: string; width: number }[])
      .map((d) => `${d.format}@${d.width}`)
      .sort();
    expect(copies).toEqual(['avif@1600', 'avif@480', 'avif@960', 'webp@1600', 'webp@480', 'webp@960']);
  }, 120_000);

  it('a photo over 65 MP is refused with a message that says what to do; nothing is stored', async () => {
    const huge = await sharp({ create: { width: 10_000, height: 7_000, channels: 3, background: '#000' } })
      .jpeg({ quality: 50 })
      .toBuffer();
    const before = await t.db.select({ id: media.id }).from(media);
    const res = await staff.post('/api/admin/upload').attach('image', huge, 'huge.jpg').expect(400);
    expect(res.body.message).toBe(
      'This image is 10000 × 7000 pixels (70 megapixels); the largest the site takes is 65 megapixels. ' +
        'Resize it (for example to 4000 pixels wide) and upload it again.',
    );
    expect(await t.db.select({ id: media.id }).from(media)).toEqual(before);
  }, 60_000);
});
