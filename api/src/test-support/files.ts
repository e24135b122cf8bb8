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

/** `size` bytes that sniff as a PNG (its signature, then random bytes): no two calls alike. */
export const pngOfSize = (size: number) => Buffer.concat([PNG.subarray(0, 8), randomBytes(size - 8)]);

/** How many rows the stored-file tables hold: what an upload that failed must leave unchanged. */
export async function storedFileRows(db: Db) {
  const rows = async (table: PgTable) => (await db.select({ n: count() }).from(table))[0]!.n;
  return { media: await rows(media), blobs: await rows(blobs), chunks: await rows(blobChunks) };
}
