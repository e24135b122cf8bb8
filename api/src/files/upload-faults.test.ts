import http from 'node:http';
import net from 'node:net';
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { createTestApp } from '../test-support/test-app';
import { pngOfSize, storedFileRows } from '../test-support/files';
import { signIn, SITE_HOST, SITE_ORIGIN, staffClient, STAFF_PASSWORD } from '../admin/admin-test-support';

/**
 * Uploads that fail half-way leave nothing behind: no media row, no blob, no chunk. Asserted on the
 * tables themselves.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** A multipart upload written by hand, so a test can stop or stall it half-way. */
function multipartUpload(cookie: string, bytes: Buffer) {
  const boundary = '----upload-fault-test';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="x.png"\r\n` +
        'Content-Type: image/png\r\n\r\n',
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const head = Buffer.from(
    'POST /api/admin/upload HTTP/1.1\r\n' +
      `Host: ${SITE_HOST}\r\nOrigin: ${SITE_ORIGIN}\r\nCookie: ${cookie}\r\n` +
      `Content-Type: multipart/form-data; boundary=${boundary}\r\n` +
      `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
  );
  return { head, body };
}

/** The app on a real socket; answers the port and a way to wait until the server saw every socket close. */
async function listen(app: http.RequestListener) {
  const server = http.createServer(app);
  const open = new Set<net.Socket>();
  server.on('connection', (s) => {
    open.add(s);
    s.on('close', () => open.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    allClosed: async () => {
      for (let i = 0; i < 100 && open.size; i++) await new Promise((r) => setTimeout(r, 20));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Writes `first`, waits for `pause`, writes `rest`; answers the raw HTTP answer once the server closes. */
function send(port: number, first: Buffer, pause: () => Promise<void>, rest: Buffer) {
  return new Promise<string>((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (d) => (answer += String(d)));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
    socket.write(first, () => void pause().then(() => socket.write(rest), reject));
  });
}

describe('uploads that fail half-way', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  describe('on a running database', () => {
    let t: Awaited<ReturnType<typeof createTestApp>>;
    let cookie: string;
    beforeAll(async () => {
      t = await createTestApp({ env: { ADMIN_PASSWORD: STAFF_PASSWORD } });
      cookie = await signIn(t.app);
    });
    afterAll(() => t.close());

    it('a file over 5 MB is refused with 413 and leaves no row and no chunk', async () => {
      const staff = staffClient(t.app, cookie);
      const before = await storedFileRows(t.db);
      const big = pngOfSize(5 * 1024 * 1024 + 1);
      expect((await staff.post('/api/admin/upload').attach('image', big, 'big.png')).status).toBe(413);
      const asResource = await staff.post('/api/admin/resources/upload').attach('file', big, 'big.pdf');
      expect(asResource.status).toBe(413);
      expect(await storedFileRows(t.db)).toEqual(before);
      // Exactly 5 MB is fine.
      const edge = pngOfSize(5 * 1024 * 1024);
      await staff.post('/api/admin/upload').attach('image', edge, 'edge.png').expect(201);
    });

    it('an upload whose client goes away mid-body leaves nothing, and the next upload works', async () => {
      const server = await listen(t.app);
      cleanups.push(server.close);
      const before = await storedFileRows(t.db);
      const { head, body } = multipartUpload(cookie, pngOfSize(3 * 1024 * 1024));
      await new Promise<void>((resolve) => {
        const socket = net.connect(server.port, '127.0.0.1', () => {
          socket.write(head);
          socket.write(body.subarray(0, body.length / 2), () => {
            setTimeout(() => {
              socket.destroy();
              resolve();
            }, 100);
          });
        });
      });
      await server.allClosed();
      expect(await storedFileRows(t.db)).toEqual(before);
      const next = staffClient(t.app, cookie).post('/api/admin/upload');
      await next.attach('image', pngOfSize(1000), 'a.png').expect(201);
    });
  });

  it.skipIf(onPostgres)(
    'PGlite closed mid-upload: 503, and the reopened database holds nothing of it',
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'upload-db-gone-'));
      cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
      const t = await createTestApp({ env: { ADMIN_PASSWORD: STAFF_PASSWORD }, dataDir });
      cleanups.push(t.close);
      const cookie = await signIn(t.app);
      await staffClient(t.app, cookie).post('/api/admin/upload').attach('image', pngOfSize(1000), 'a.png');
      const before = await storedFileRows(t.db);
      const server = await listen(t.app);
      cleanups.push(server.close);
      const { head, body } = multipartUpload(cookie, pngOfSize(2 * 1024 * 1024));
      const half = body.length / 2;
      // Half the body, the database goes away, then the rest.
      const answer = await send(
        server.port,
        Buffer.concat([head, body.subarray(0, half)]),
        async () => {
          await new Promise((r) => setTimeout(r, 200));
          await t.database.close();
        },
        body.subarray(half),
      );
      expect(answer).toMatch(/^HTTP\/1\.1 503 /);
      expect(answer).toContain('"code":"SERVICE_UNAVAILABLE"');
      const reopened = await openDatabase({ dataDir });
      try {
        expect(await storedFileRows(reopened.db)).toEqual(before);
      } finally {
        await reopened.close();
      }
    },
  );

  it.runIf(onPostgres)(
    'PostgreSQL connection killed after the media row and blob are written but before commit: 503, nothing kept',
    async () => {
      const t = await createTestApp({ env: { ADMIN_PASSWORD: STAFF_PASSWORD } });
      cleanups.push(t.close);
      const staff = staffClient(t.app, await signIn(t.app));
      const before = await storedFileRows(t.db);
      // Hold the chunk table: the upload claims its media row (by content hash) and writes its blob,
      // then waits at the chunks.
      const locker = new pg.Client({ connectionString: t.postgresUrl });
      await locker.connect();
      cleanups.push(() => locker.end());
      await locker.query('begin');
      await locker.query('lock table blob_chunks in access exclusive mode');
      const bytes = pngOfSize(1024 * 1024);
      const upload = staff.post('/api/admin/upload').attach('image', bytes, 'x.png');
      const answered = upload.then((r) => r);
      let pid: number | undefined;
      for (let i = 0; i < 200 && !pid; i++) {
        const { rows } = await locker.query<{ pid: number }>(
          `select pid from pg_locks where relation = 'blob_chunks'::regclass and not granted`,
        );
        pid = rows[0]?.pid;
        if (!pid) await new Promise((r) => setTimeout(r, 25));
      }
      expect(pid).toBeDefined();
      // It is that far: its media and blob rows are written (it holds their locks), not yet committed.
      const { rows: held } = await locker.query<{ rel: string }>(
        `select relation::regclass::text as rel from pg_locks where pid = $1 and granted`,
        [pid],
      );
      expect(held.map((l) => l.rel)).toEqual(expect.arrayContaining(['media', 'blobs']));
      await locker.query('select pg_terminate_backend($1)', [pid]);
      await locker.query('rollback');
      const res = await answered;
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ message: 'Service temporarily unavailable', code: 'SERVICE_UNAVAILABLE' });
      expect(await storedFileRows(t.db)).toEqual(before);
      // The pool replaces the killed connection, and the claim of those bytes went with the rollback:
      // the same bytes upload again as a new file, not as a reuse of a row that never was.
      const again = await staff.post('/api/admin/upload').attach('image', bytes, 'x.png').expect(201);
      expect(again.body.reused).not.toBe(true);
    },
  );
});
