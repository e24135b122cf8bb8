import { randomBytes } from 'node:crypto';
import { count } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { blobChunks, blobs, media } from '../db/schema';

/** A real 1×1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * `size` bytes that sniff as a PNG (signature, header chunk, then one private chunk of random bytes
 * and the end chunk: file-type reads the chunk structure), no two calls alike. Not decodable, so no
 * responsive copies are made of it.
 */
export const pngOfSize = (size: number) => {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    return Buffer.concat([length, Buffer.from(type, 'latin1'), data, Buffer.alloc(4)]);
  };
  const header = PNG.subarray(8, 33); // the 1×1 image's IHDR chunk, CRC included
  const fill = chunk('raNd', randomBytes(size - 8 - header.length - 12 - 12));
  return Buffer.concat([PNG.subarray(0, 8), header, fill, chunk('IEND', Buffer.alloc(0))]);
};

/** How many rows the stored-file tables hold: what an upload that failed must leave unchanged. */
export async function storedFileRows(db: Db) {
  const rows = async (table: PgTable) => (await db.select({ n: count() }).from(table))[0]!.n;
  return { media: await rows(media), blobs: await rows(blobs), chunks: await rows(blobChunks) };
}
