import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { blobChunks, blobs } from '../db/schema';
import { createTestApp } from '../test-support/test-app';
import { storedFileRows } from '../test-support/files';
import { CHUNK_SIZE, deleteBlob, findBlob, putBlob, readBlob } from './blob-store';

const read = async (stream: AsyncIterable<Buffer>) => {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part);
  return Buffer.concat(parts);
};
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe('blob store', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it.each([0, 1, CHUNK_SIZE - 1, CHUNK_SIZE, CHUNK_SIZE + 1, 5 * 1024 * 1024 + 7])(
    'stores %i bytes in fixed-size chunks and reads back the same bytes',
    async (size) => {
      const bytes = randomBytes(size);
      const blob = await putBlob(t.db, bytes, 'application/octet-stream');
      expect(blob).toMatchObject({ size, sha256: sha256(bytes), chunkSize: CHUNK_SIZE });
      expect(await findBlob(t.db, blob.id)).toEqual(blob);
      const chunks = await t.db
        .select({ seq: blobChunks.seq })
        .from(blobChunks)
        .where(eq(blobChunks.blobId, blob.id));
      expect(chunks).toHaveLength(Math.ceil(size / CHUNK_SIZE));
      expect((await read(readBlob(t.db, blob))).equals(bytes)).toBe(true);
    },
  );

  it('takes a stream of any piece sizes and cuts it the same way', async () => {
    const bytes = randomBytes(3 * CHUNK_SIZE + 12_345);
    async function* pieces() {
      for (let at = 0; at < bytes.length; at += 70_001) yield bytes.subarray(at, at + 70_001);
    }
    const blob = await putBlob(t.db, pieces(), 'application/zip');
    expect(blob.sha256).toBe(sha256(bytes));
    expect((await read(readBlob(t.db, blob))).equals(bytes)).toBe(true);
  });

  it('reads any byte range, across chunk borders', async () => {
    const bytes = randomBytes(3 * CHUNK_SIZE);
    const blob = await putBlob(t.db, bytes, 'image/png');
    for (const [start, end] of [
      [0, 0],
      [CHUNK_SIZE - 3, CHUNK_SIZE + 2],
      [CHUNK_SIZE, 2 * CHUNK_SIZE - 1],
      [10, 3 * CHUNK_SIZE - 1],
    ] as const) {
      const got = await read(readBlob(t.db, blob, { start, end }));
      expect(got.equals(bytes.subarray(start, end + 1)), `${start}-${end}`).toBe(true);
    }
  });

  it('keeps no row and no chunk when the surrounding transaction fails', async () => {
    const before = await storedFileRows(t.db);
    await expect(
      t.db.transaction(async (tx) => {
        await putBlob(tx, randomBytes(2 * CHUNK_SIZE + 1), 'image/png');
        throw new Error('the row that goes with the bytes could not be written');
      }),
    ).rejects.toThrow(/could not be written/);
    expect(await storedFileRows(t.db)).toEqual(before);
  });

  it('deletes the chunks with the blob', async () => {
    const blob = await putBlob(t.db, randomBytes(CHUNK_SIZE + 1), 'image/png');
    await deleteBlob(t.db, blob.id);
    expect(await t.db.select().from(blobs).where(eq(blobs.id, blob.id))).toEqual([]);
    expect(await t.db.select().from(blobChunks).where(eq(blobChunks.blobId, blob.id))).toEqual([]);
  });

  it('ends the stream with an error, never with short data, when a chunk is gone', async () => {
    const blob = await putBlob(t.db, randomBytes(2 * CHUNK_SIZE), 'image/png');
    await t.db.delete(blobChunks).where(eq(blobChunks.blobId, blob.id));
    await expect(read(readBlob(t.db, blob))).rejects.toThrow(/no chunk 0/);
  });
});
