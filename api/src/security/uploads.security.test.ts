import path from 'node:path';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media } from '../db/schema';
import { createTestApp } from '../test-support/test-app';
import { pngOfSize, storedFileRows } from '../test-support/files';
import { STAFF_PASSWORD, signIn, staffClient } from '../admin/admin-test-support';

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const SVG = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(document.cookie)</script></svg>',
);
const HTML = Buffer.from('<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>');
/** Valid PNG magic, then an HTML document: a browser that sniffed would render it. */
const POLYGLOT = Buffer.concat([
  PNG.subarray(0, 16),
  Buffer.from('<html><body><script>alert(document.domain)</script></body></html>'),
]);
const IMAGE_REFUSAL = 'Only PNG, JPEG, WebP, GIF and AVIF images can be uploaded';

describe('uploads', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let dataDir: string;
  let staff: ReturnType<typeof staffClient>;
  /** Every stored file is a media row, a blob and its chunks: all three are counted. */
  const stored = () => storedFileRows(t.db);

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'sec-uploads-'));
    t = await createTestApp({ env: { ADMIN_PASSWORD: STAFF_PASSWORD, DATA_DIR: dataDir } });
    staff = staffClient(t.app, await signIn(t.app));
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('accepts a real PNG and serves it as image/png with nosniff and a sandboxing CSP', async () => {
    const res = await staff
      .post('/api/admin/upload')
      .attach('image', PNG, { filename: 'photo.png', contentType: 'image/png' })
      .expect(201);
    expect(res.body.url).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);
    const served = await request(t.app).get(res.body.url).expect(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(Buffer.compare(served.body as Buffer, PNG)).toBe(0);
  });

  it.each([
    ['SVG renamed .png', SVG, 'logo.png', 'image/png'],
    ['SVG as .svg', SVG, 'logo.svg', 'image/svg+xml'],
    ['HTML renamed .jpg', HTML, 'photo.jpg', 'image/jpeg'],
    ['HTML renamed .gif', HTML, 'anim.gif', 'image/gif'],
    ['an empty file', Buffer.alloc(0), 'empty.png', 'image/png'],
  ])('refuses %s with 400 and stores nothing', async (_label, bytes, filename, contentType) => {
    const before = await stored();
    const res = await staff.post('/api/admin/upload').attach('image', bytes, { filename, contentType });
    expect(res.status).toBe(400);
    if (bytes.length) expect(res.body.message).toBe(IMAGE_REFUSAL);
    expect(await stored()).toEqual(before);
  });

  it('refuses HTML and SVG disguised as resource downloads (.txt, .md, .csv, .pdf)', async () => {
    const before = await stored();
    for (const [bytes, name] of [
      [HTML, 'notes.txt'],
      [SVG, 'readme.md'],
      [Buffer.from('name,email\n<script>alert(1)</script>,x\n'), 'list.csv'],
      [HTML, 'guide.pdf'],
      [SVG, 'logo.svg'],
    ] as const) {
      const res = await staff.post('/api/admin/resources/upload').attach('file', bytes, name);
      expect(res.status, name).toBe(400);
    }
    expect(await stored()).toEqual(before);
  });

  it('never uses the client file name as a path: ../ names are stored under a random name', async () => {
    const before = (await t.db.select({ fileName: media.fileName }).from(media)).map((r) => r.fileName);
    for (const [i, filename] of [
      '../../escape.png',
      '..\\..\\escape.png',
      '/etc/passwd.png',
      '.htaccess',
    ].entries()) {
      // Different bytes each time: the same bytes would be stored once (deduplicated).
      const bytes = pngOfSize(200 + i);
      const res = await staff.post('/api/admin/upload').attach('image', bytes, { filename }).expect(201);
      expect(res.body.url).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);
    }
    const added = (await t.db.select({ fileName: media.fileName }).from(media))
      .map((r) => r.fileName)
      .filter((f) => !before.includes(f));
    expect(added).toHaveLength(4);
    expect(added.every((f) => /^[0-9a-f]{32}\.png$/.test(f))).toBe(true);
    // Files live in the database: nothing at all was written to DATA_DIR, nor above it.
    expect(await readdir(dataDir)).toEqual([]);
    expect(existsSync(path.join(dataDir, '..', 'escape.png'))).toBe(false);
    const names = (await t.db.select({ originalName: media.originalName }).from(media)).map(
      (r) => r.originalName,
    );
    expect(names.some((n) => /[/\\]/.test(n))).toBe(false);
  });

  it('answers 413 over 5 MB, with nothing stored and nothing left in the temp folder', async () => {
    const tempDir = await mkdtemp(path.join(tmpdir(), 'sec-upload-tmp-'));
    const savedTmp = process.env['TMPDIR'];
    // Anything the request might spool to disk lands in this empty folder.
    process.env['TMPDIR'] = tempDir;
    try {
      expect(tmpdir()).toBe(tempDir);
      const before = await stored();
      const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
      const res = await staff.post('/api/admin/upload').attach('image', big, 'big.png');
      expect(res.status).toBe(413);
      expect(res.body.code).toBe('PAYLOAD_TOO_LARGE');
      const resource = await staff.post('/api/admin/resources/upload').attach('file', big, 'big.pdf');
      expect(resource.status).toBe(413);
      expect(await stored()).toEqual(before);
      expect(await readdir(tempDir)).toEqual([]);
      // Exactly 5 MB is still fine.
      const edge = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 - PNG.length)]);
      await staff.post('/api/admin/upload').attach('image', edge, 'edge.png').expect(201);
    } finally {
      if (savedTmp === undefined) delete process.env['TMPDIR'];
      else process.env['TMPDIR'] = savedTmp;
      await rm(tempDir, { recursive: true, force: true });
    }
  });

  it('stores a PNG/HTML polyglot only as an image that can never render as a page', async () => {
    // The bytes start as a PNG, so the pipeline takes it as one (a browser never sees the HTML):
    const res = await staff.post('/api/admin/upload').attach('image', POLYGLOT, 'innocent.html').expect(201);
    expect(res.body.url).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);
    const served = await request(t.app).get(res.body.url).set('Accept', 'text/html').expect(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const csp = served.headers['content-security-policy'] as string;
    expect(csp).toContain('sandbox');
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toMatch(/allow-scripts|allow-same-origin/);
    // The client's name is only a label: the file is not reachable as .html.
    const html = res.body.url.replace(/\.png$/, '.html');
    const miss = await request(t.app).get(html);
    expect(miss.status).toBe(404);
    expect(miss.headers['content-type']).not.toMatch(/html/);
  });

  it('serves nothing but stored uploads at /uploads/, and no dotfiles', async () => {
    for (const p of [
      '/uploads/../package.json',
      '/uploads/..%2f..%2fpackage.json',
      '/uploads/%2e%2e/%2e%2e/package.json',
      '/uploads/..%5c..%5cpackage.json',
      '/uploads/.env',
      '/uploads/',
    ]) {
      const res = await request(t.app).get(p);
      expect(res.status, p).toBeGreaterThanOrEqual(400);
      expect(res.text, p).not.toMatch(/"name"\s*:|"dependencies"/);
      expect(res.headers['content-type'] ?? '', p).not.toMatch(/html/);
    }
    // Media ids are numbers: a path cannot be smuggled into the delete either.
    await staff.delete('/api/admin/media/..%2f..%2fpackage.json').expect(400);
    await staff.delete('/api/admin/media/1%20or%201=1').expect(400);
  });
});
