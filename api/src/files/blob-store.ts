import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { blobChunks, blobs } from '../db/schema';

/**
 * Bytes per blob_chunks row: small enough to stream, large enough that a 5 MB file is 20 rows.
 * Chunks travel as base64 text (encode/decode in SQL): PGlite's own bytea codec is about 15 times
 * slower than that, and node-postgres is as fast either way.
 */
export const CHUNK_SIZE = 256 * 1024;

export interface StoredBlob {
  id: number;
  contentType: string;
  size: number;
  /** Hex SHA-256 of the content. */
  sha256: string;
  chunkSize: number;
}

export const blobColumns = {
  id: blobs.id,
  contentType: blobs.contentType,
  size: blobs.size,
  sha256: blobs.sha256,
  chunkSize: blobs.chunkSize,
};

/** Cuts any sequence of byte arrays into CHUNK_SIZE pieces (the last may be shorter). */
async function* rechunk(content: Buffer | AsyncIterable<Uint8Array>): AsyncGenerator<Buffer> {
  if (Buffer.isBuffer(content)) {
    for (let at = 0; at < content.length; at += CHUNK_SIZE) yield content.subarray(at, at + CHUNK_SIZE);
    return;
  }
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  for await (const part of content) {
    pending.push(Buffer.from(part.buffer, part.byteOffset, part.byteLength));
    pendingBytes += part.byteLength;
    while (pendingBytes >= CHUNK_SIZE) {
      const joined = Buffer.concat(pending, pendingBytes);
      yield joined.subarray(0, CHUNK_SIZE);
      pending = [joined.subarray(CHUNK_SIZE)];
      pendingBytes -= CHUNK_SIZE;
    }
  }
  if (pendingBytes > 0) yield Buffer.concat(pending, pendingBytes);
}

/**
 * Stores `content` as one blob: the row and every chunk in one transaction (a savepoint when `db` is
 * already a transaction, so the caller's own row commits or rolls back with the bytes).
 */
export function putBlob(
  db: Db,
  content: Buffer | AsyncIterable<Uint8Array>,
  contentType: string,
): Promise<StoredBlob> {
  return db.transaction(async (tx) => {
    // Size and hash are known only at the end; the row is completed before the transaction commits.
    const [row] = await tx
      .insert(blobs)
      .values({ contentType, size: 0, sha256: '', chunkSize: CHUNK_SIZE })
      .returning({ id: blobs.id });
    const id = row!.id;
    const hash = createHash('sha256');
    let size = 0;
    let seq = 0;
    for await (const chunk of rechunk(content)) {
      hash.update(chunk);
      size += chunk.length;
      if (size > 0x7fffffff) throw new RangeError('A blob holds at most 2 GB');
      await tx
        .insert(blobChunks)
        .values({ blobId: id, seq: seq++, data: sql`decode(${chunk.toString('base64')}, 'base64')` });
    }
    const sha256 = hash.digest('hex');
    await tx.update(blobs).set({ size, sha256 }).where(eq(blobs.id, id));
    return { id, contentType, size, sha256, chunkSize: CHUNK_SIZE };
  });
}

export async function findBlob(db: Db, id: number): Promise<StoredBlob | undefined> {
  const [row] = await db.select(blobColumns).from(blobs).where(eq(blobs.id, id));
  return row;
}

/** Deletes the blob and (by cascade) its chunks. */
export async function deleteBlob(db: Db, id: number): Promise<void> {
  await db.delete(blobs).where(eq(blobs.id, id));
}

/**
 * The blob's bytes `start`..`end` (inclusive) as a stream that reads one chunk row at a time, only as
 * fast as the consumer takes them, with the next row already on its way: memory stays at a few
 * chunks whatever the file size.
 */
export function readBlob(
  db: Db,
  blob: StoredBlob,
  range: { start: number; end: number } = { start: 0, end: blob.size - 1 },
): Readable {
  const fetchChunk = async (seq: number) => {
    const [row] = await db
      .select({ base64: sql<string>`encode(${blobChunks.data}, 'base64')` })
      .from(blobChunks)
      .where(and(eq(blobChunks.blobId, blob.id), eq(blobChunks.seq, seq)));
    // A blob deleted while it was being read: end the stream with an error, never with short data.
    if (!row) throw new Error(`blob ${blob.id} has no chunk ${seq}`);
    return Buffer.from(row.base64, 'base64');
  };
  async function* chunks() {
    if (blob.size === 0 || range.end < range.start) return;
    const first = Math.floor(range.start / blob.chunkSize);
    const last = Math.floor(range.end / blob.chunkSize);
    let next = fetchChunk(first);
    for (let seq = first; seq <= last; seq++) {
      const data = await next;
      if (seq < last) {
        next = fetchChunk(seq + 1);
        // Awaited on the next turn; a reader that stops early must not leave it unhandled.
        next.catch(() => {});
      }
      const offset = seq * blob.chunkSize;
      yield data.subarray(Math.max(0, range.start - offset), range.end - offset + 1);
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}
