import { createHash } from 'node:crypto';
import net from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResourceRoutes } from '@agency/contracts';
import { createTestApp } from '../test-support/test-app';
import { pngOfSize, storedFileRows } from '../test-support/files';
import { signIn, staffClient, STAFF_PASSWORD } from '../admin/admin-test-support';

/** supertest buffers binary bodies only when asked to. */
const binary = (res: request.Response, cb: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};
const get = (app: Parameters<typeof request>[0], url: string) =>
  request(app).get(url).buffer(true).parse(binary);
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

const IMMUTABLE = 'public, max-age=31536000, immutable';

describe('stored files at /uploads/<name>', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let staff: ReturnType<typeof staffClient>;
  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_PASSWORD: STAFF_PASSWORD } });
    staff = staffClient(t.app, await signIn(t.app));
  });
  afterAll(() => t.close());

  it('serves a 5 MB image byte-identical, with a strong ETag, immutable caching, nosniff and the sandbox', async () => {
    const image = pngOfSize(5 * 1024 * 1024);
    const { body } = await staff.post('/api/admin/upload').attach('image', image, 'big.png').expect(201);
    const res = await get(t.app, body.url).expect(200);
    expect((res.body as Buffer).equals(image)).toBe(true);
    expect(res.headers).toMatchObject({
      'content-type': 'image/png',
      'content-length': String(image.length),
      etag: `"${sha256(image)}"`,
      'cache-control': IMMUTABLE,
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'accept-ranges': 'bytes',
    });
    // Stored once, in 256 KB rows.
    const [row] = await t.db.query.media.findMany({
      where: (m, { eq }) => eq(m.fileName, body.url.slice(9)),
    });
    const blob = await t.db.query.blobs.findFirst({ where: (b, { eq }) => eq(b.id, row!.blobId!) });
    expect(blob).toMatchObject({ size: image.length, sha256: sha256(image), contentType: 'image/png' });
  });

  it('answers 304 to a client that has it, and HEAD with the headers only', async () => {
    const image = pngOfSize(1000);
    const { body } = await staff.post('/api/admin/upload').attach('image', image, 'a.png').expect(201);
    const etag = `"${sha256(image)}"`;
    const cached = await request(t.app).get(body.url).set('If-None-Match', etag).expect(304);
    expect(cached.headers['etag']).toBe(etag);
    expect(cached.headers['cache-control']).toBe(IMMUTABLE);
    await request(t.app).get(body.url).set('If-None-Match', '"something-else"').expect(200);

    const head = await request(t.app).head(body.url).expect(200);
    expect(head.headers['content-length']).toBe('1000');
    expect(head.headers['content-type']).toBe('image/png');
    expect(head.text).toBeUndefined();
  });

  it('survives a client that leaves mid-download, and goes on serving', async () => {
    const image = pngOfSize(3 * 1024 * 1024);
    const { body } = await staff.post('/api/admin/upload').attach('image', image, 'leave.png').expect(201);
    const server = t.app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    const { port } = server.address() as import('node:net').AddressInfo;
    // The client leaves after ~300 KB of the 3 MB answer.
    await new Promise<number>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () =>
        socket.write(`GET ${body.url} HTTP/1.1\r\nHost: x\r\n\r\n`),
      );
      let bytes = 0;
      socket.on('data', (d) => {
        bytes += d.length;
        if (bytes > 300_000) {
          socket.destroy();
          resolve(bytes);
        }
      });
      socket.on('error', reject);
    });
    await new Promise((r) => server.close(r));
    const again = await get(t.app, body.url).expect(200);
    expect((again.body as Buffer).equals(image)).toBe(true);
  });

  it('answers byte ranges with 206, and 416 past the end', async () => {
    const image = pngOfSize(600_000);
    const { body } = await staff.post('/api/admin/upload').attach('image', image, 'r.png').expect(201);
    const part = await get(t.app, body.url).set('Range', 'bytes=262000-262999').expect(206);
    expect(part.headers['content-range']).toBe(`bytes 262000-262999/${image.length}`);
    expect((part.body as Buffer).equals(image.subarray(262000, 263000))).toBe(true);
    const tail = await get(t.app, body.url).set('Range', 'bytes=-10').expect(206);
    expect((tail.body as Buffer).equals(image.subarray(-10))).toBe(true);
    const past = await request(t.app).get(body.url).set('Range', 'bytes=700000-').expect(416);
    expect(past.headers['content-range']).toBe(`bytes */${image.length}`);
    // A range for another version of the file (If-Range) gets the whole file.
    await get(t.app, body.url).set('Range', 'bytes=0-9').set('If-Range', '"old"').expect(200);
  });

  it.each([
    ['p.jpg', 'image/jpeg', 'image', '/api/admin/upload', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])],
    ['guide.pdf', 'application/pdf', 'file', '/api/admin/resources/upload', Buffer.from('%PDF-1.7\n%…')],
    ['data.csv', 'text/csv', 'file', '/api/admin/resources/upload', Buffer.from('a,b\n1,2\n')],
    ['kit.zip', 'application/zip', 'file', '/api/admin/resources/upload', Buffer.from('PK\u0003\u0004rest')],
  ])('serves %s as %s, the type sniffed at upload', async (name, type, field, route, bytes) => {
    const { body } = await staff.post(route).attach(field, bytes, name).expect(201);
    const res = await get(t.app, body.url).expect(200);
    expect(res.headers['content-type']).toBe(type);
    expect((res.body as Buffer).equals(bytes)).toBe(true);
  });

  it('answers 404 for names that were never stored, and deletes bytes with the media row', async () => {
    await request(t.app).get('/uploads/0123456789abcdef0123456789abcdef.png').expect(404);
    const { body } = await staff.post('/api/admin/upload').attach('image', pngOfSize(300_000), 'd.png');
    const before = await storedFileRows(t.db);
    const item = (await staff.get('/api/admin/media')).body.find((m: { url: string }) => m.url === body.url);
    // Delete sends it to the Trash (issue 25); deleting it there for good frees the bytes.
    await staff.delete(`/api/admin/media/${item.id}`).expect(204);
    await staff.delete(`/api/admin/trash/media/${item.id}`).expect(204);
    expect(await storedFileRows(t.db)).toEqual({
      media: before.media - 1,
      blobs: before.blobs - 1,
      chunks: before.chunks - 2,
    });
    await request(t.app).get(body.url).expect(404);
  });

  describe('a file a resource offers', () => {
    const createResource = async (fileUrl: string, gated: boolean) => {
      const res = await staff
        .post('/api/admin/resources')
        .send({ title: `R ${Date.now()}`, description: 'd', type: 'guide', gated, fileUrl, published: true })
        .expect(201);
      return res.body as { id: number };
    };
    const downloadLink = async (id: number) => {
      const res = await request(t.app)
        .post(`/api/resources/${id}/leads`)
        .send({ name: 'Ada Lovelace', email: 'ada@example.com' })
        .expect(201);
      return res.body.url as string;
    };

    it('is downloaded through its resource byte-identical, and revalidated at /uploads', async () => {
      const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), pngOfSize(400_000)]);
      const { body } = await staff.post('/api/admin/resources/upload').attach('file', pdf, 'guide.pdf');
      const { id } = await createResource(body.url, false);
      const res = await get(t.app, ResourceRoutes.download(id)).expect(200);
      expect((res.body as Buffer).equals(pdf)).toBe(true);
      expect(res.headers['content-disposition']).toMatch(
        new RegExp(`^attachment; filename="?${body.url.slice(9).replace('.', '\\.')}"?$`),
      );
      expect(res.headers['cache-control']).toBe('no-store');
      // Not immutable: if staff gate it later, caches must hear about it.
      const plain = await request(t.app).get(body.url).expect(200);
      expect(plain.headers['cache-control']).toBe('public, no-cache');
    });

    it('when gated, is served only through its signed download link (404 at /uploads, even by name)', async () => {
      const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), pngOfSize(1000)]);
      const { body } = await staff.post('/api/admin/resources/upload').attach('file', pdf, 'secret.pdf');
      const { id } = await createResource(body.url, true);
      for (const method of ['get', 'head'] as const) {
        const res = await request(t.app)[method](body.url);
        expect(res.status, method).toBe(404);
      }
      await request(t.app).get(ResourceRoutes.download(id)).expect(403);
      const link = await downloadLink(id);
      const res = await get(t.app, link).expect(200);
      expect((res.body as Buffer).equals(pdf)).toBe(true);
    });

    it('follows staff toggling gated on an existing resource, both ways, at once', async () => {
      const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), pngOfSize(1000)]);
      const { body } = await staff.post('/api/admin/resources/upload').attach('file', pdf, 'toggle.pdf');
      const { id } = await createResource(body.url, false);
      const resource = (await staff.get(`/api/admin/resources/${id}`)).body;
      const put = (gated: boolean) =>
        staff
          .put(`/api/admin/resources/${id}`)
          .send({
            title: resource.title,
            description: resource.description,
            type: resource.type,
            fileUrl: resource.fileUrl,
            published: true,
            gated,
          })
          .expect(200);
      await request(t.app).get(body.url).expect(200);
      await put(true);
      await request(t.app).get(body.url).expect(404);
      await request(t.app).get(ResourceRoutes.download(id)).expect(403);
      await get(t.app, await downloadLink(id)).expect(200);
      await put(false);
      await request(t.app).get(body.url).expect(200);
    });

    it('stays gated when another, ungated resource offers the same file', async () => {
      const { body } = await staff
        .post('/api/admin/resources/upload')
        .attach('file', Buffer.from('%PDF-1.7\nshared'), 'shared.pdf');
      const open = await createResource(body.url, false);
      await createResource(body.url, true);
      await request(t.app).get(body.url).expect(404);
      await get(t.app, ResourceRoutes.download(open.id)).expect(200);
    });
  });

  // On PostgreSQL, health-router.test.ts takes the database away for real.
  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
    'answers 503 without the file headers when the database is gone',
    async () => {
      const other = await createTestApp({ env: { ADMIN_PASSWORD: STAFF_PASSWORD } });
      const otherStaff = staffClient(other.app, await signIn(other.app));
      const { body } = await otherStaff.post('/api/admin/upload').attach('image', pngOfSize(100), 'x.png');
      await other.database.close();
      const res = await request(other.app).get(body.url).expect(503);
      expect(res.body.code).toBe('SERVICE_UNAVAILABLE');
      expect(res.headers['cache-control'] ?? '').not.toMatch(/immutable|max-age/);
      expect(res.headers['etag'] ?? '').not.toMatch(/^"[0-9a-f]{64}"$/);
      await other.close();
    },
  );
});
