import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { media, resources } from '../db/schema';
import { createTestApp } from '../test-support/test-app';
import { pngOfSize, storedFileRows } from '../test-support/files';
import { importUploads, legacyUploadsDir } from './import-uploads';

const silent = { info: () => {}, warn: () => {} };

describe('importing the uploads folder of earlier versions', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let dataDir: string;
  const image = pngOfSize(700_000);
  const csv = Buffer.from('month,leads\nJanuary,120\n');

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'import-uploads-'));
    const dir = legacyUploadsDir(dataDir);
    mkdirSync(dir);
    // What the disk store left: a file with its media row, a resource file without one, and junk.
    writeFileSync(path.join(dir, 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.png'), image);
    writeFileSync(path.join(dir, 'f3a9c2e1.csv'), csv);
    writeFileSync(path.join(dir, 'notes.html'), '<html><script>alert(1)</script></html>');
    mkdirSync(path.join(dir, 'subfolder'));
    t = await createTestApp();
    await t.db.insert(media).values({
      fileName: 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.png',
      originalName: 'Team photo.png',
      mimeType: 'image/png',
      size: image.length,
    });
    await t.db.insert(resources).values({
      title: 'Lead tracker',
      description: 'A CSV template',
      type: 'template',
      gated: false,
      fileUrl: '/uploads/f3a9c2e1.csv',
      published: true,
    });
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('moves each upload into the database with its media row, and leaves what is not an upload', async () => {
    const result = await importUploads(t.db, legacyUploadsDir(dataDir), silent);
    expect(result.imported.sort()).toEqual(['aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.png', 'f3a9c2e1.csv']);
    expect(result.skipped).toEqual(['notes.html']);
    const rows = await t.db.select().from(media);
    expect(rows.find((r) => r.fileName.endsWith('.png'))).toMatchObject({
      originalName: 'Team photo.png',
      mimeType: 'image/png',
      blobId: expect.any(Number),
    });
    expect(rows.find((r) => r.fileName === 'f3a9c2e1.csv')).toMatchObject({
      mimeType: 'text/csv',
      size: csv.length,
    });
  });

  it('serves the imported files from the database with no folder left', async () => {
    await rm(legacyUploadsDir(dataDir), { recursive: true });
    const res = await request(t.app).get('/uploads/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.png').expect(200);
    expect(Buffer.compare(res.body as Buffer, image)).toBe(0);
    const [row] = await t.db.select().from(resources).where(eq(resources.title, 'Lead tracker'));
    const download = await request(t.app).get(`/api/resources/${row!.id}/download`).expect(200);
    expect(download.text).toBe(csv.toString());
  });

  it('imports nothing the second time: files already in the database are recognised', async () => {
    const dir = legacyUploadsDir(dataDir);
    mkdirSync(dir);
    writeFileSync(path.join(dir, 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.png'), image);
    writeFileSync(path.join(dir, 'f3a9c2e1.csv'), csv);
    const before = await storedFileRows(t.db);
    const again = await importUploads(t.db, dir, silent);
    expect(again.imported).toEqual([]);
    expect(await storedFileRows(t.db)).toEqual(before);
  });

  it('does nothing when there is no uploads folder', async () => {
    expect(await importUploads(t.db, path.join(dataDir, 'missing'), silent)).toEqual({
      imported: [],
      skipped: [],
    });
  });
});
