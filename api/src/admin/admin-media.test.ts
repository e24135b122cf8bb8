import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp } from '../test-support/test-app';
import { PNG, storedFileRows } from '../test-support/files';
import { media } from '../db/schema';
import { STAFF_PASSWORD, signIn, staffClient } from './admin-test-support';

const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>',
);
const HTML = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');

describe('uploads and the media library', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let staff: ReturnType<typeof staffClient>;
  const stored = () => storedFileRows(t.db);

  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_PASSWORD: STAFF_PASSWORD } });
    staff = staffClient(t.app, await signIn(t.app));
  });
  afterAll(() => t.close());

  it('stores a real PNG under a random name, lists it, serves it with nosniff, and deletes it', async () => {
    const empty = await stored();
    const res = await staff.post('/api/admin/upload').attach('image', PNG, 'My Photo.png').expect(201);
    expect(res.body.url).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);
    const name = res.body.url.slice('/uploads/'.length);
    const [row] = await t.db.select().from(media).where(eq(media.fileName, name));
    expect(row!.blobId).toEqual(expect.any(Number));
    const withFile = await stored();

    const served = await request(t.app).get(res.body.url).expect(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toMatch(/max-age=31536000/);
    expect(Buffer.compare(served.body as Buffer, PNG)).toBe(0);

    const list = await staff.get('/api/admin/media').expect(200);
    const item = list.body.find((m: { url: string }) => m.url === res.body.url);
    expect(item).toMatchObject({ originalName: 'My Photo.png', mimeType: 'image/png', size: PNG.length });

    // Delete sends the unused file to the Trash (issue 25): off the site at once, then gone for good
    // from the Trash.
    await staff.delete(`/api/admin/media/${item.id}`).expect(204);
    await request(t.app).get(res.body.url).expect(404);
    await staff.delete(`/api/admin/media/${item.id}`).expect(404);
    await staff.delete(`/api/admin/trash/media/${item.id}`).expect(204);
    // The original and its responsive copies go with the row.
    expect(withFile.blobs - empty.blobs).toBe(1 + item.derivatives.length);
    expect(await stored()).toEqual(empty);
    await request(t.app).get(res.body.url).expect(404);
  });

  it('names the file by its bytes, not by the client: a JPEG called .png is stored as .jpg', async () => {
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64)]);
    const res = await staff
      .post('/api/admin/upload')
      .attach('image', jpeg, '../../etc/passwd.png')
      .expect(201);
    expect(res.body.url).toMatch(/^\/uploads\/[0-9a-f]{32}\.jpg$/);
  });

  it.each([
    ['SVG', SVG, 'logo.svg', 'image/svg+xml'],
    ['SVG renamed .png', SVG, 'logo.png', 'image/png'],
    ['HTML renamed .png', HTML, 'page.png', 'image/png'],
    ['text', Buffer.from('hello'), 'a.gif', 'image/gif'],
  ])('refuses %s with 400 and stores nothing', async (_label, bytes, name, contentType) => {
    const before = await stored();
    const res = await staff
      .post('/api/admin/upload')
      .attach('image', bytes, { filename: name, contentType })
      .expect(400);
    expect(res.body.message).toBe('Only PNG, JPEG, WebP, GIF and AVIF images can be uploaded');
    expect(await stored()).toEqual(before);
  });

  it('answers 413 to a file over 5 MB and leaves no file behind', async () => {
    const before = await stored();
    const tmpBefore = await readdir(tmpdir());
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const res = await staff.post('/api/admin/upload').attach('image', big, 'big.png').expect(413);
    expect(res.body.code).toBe('PAYLOAD_TOO_LARGE');
    expect(await stored()).toEqual(before);
    const leftovers = (await readdir(tmpdir())).filter((f) => !tmpBefore.includes(f));
    expect(leftovers).toEqual([]);
  });

  it('answers 400 without a file or with the file in another field', async () => {
    const none = await staff.post('/api/admin/upload').field('x', 'y').expect(400);
    expect(none.body.message).toBe('Choose a file to upload');
    await staff.post('/api/admin/upload').attach('file', PNG, 'a.png').expect(400);
  });

  it('takes resource files (PDF, CSV) by their bytes and refuses HTML named .txt', async () => {
    const pdf = await staff
      .post('/api/admin/resources/upload')
      .attach('file', Buffer.from('%PDF-1.7\n%...'), 'guide.pdf')
      .expect(201);
    expect(pdf.body.url).toMatch(/^\/uploads\/[0-9a-f]{32}\.pdf$/);
    const csv = await staff
      .post('/api/admin/resources/upload')
      .attach('file', Buffer.from('a,b\n1,2\n'), 'data.csv')
      .expect(201);
    expect(csv.body.url).toMatch(/\.csv$/);
    await staff.post('/api/admin/resources/upload').attach('file', HTML, 'notes.txt').expect(400);
    await staff.post('/api/admin/resources/upload').attach('file', SVG, 'logo.svg').expect(400);
  });
});
