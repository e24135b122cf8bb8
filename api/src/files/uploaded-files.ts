import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { blobs, media, resources } from '../db/schema';
import { blobColumns, putBlob, type StoredBlob } from './blob-store';

/**
 * Files staff upload (images, resource downloads) live in the database as blobs, one media row each,
 * and are addressed publicly as /uploads/<file_name>, the URL shape stored content already uses.
 */
export const UPLOADS_PREFIX = '/uploads/';
export const uploadUrl = (fileName: string) => `${UPLOADS_PREFIX}${fileName}`;

/** What an upload's name may look like: random hex names, plus whatever older folders held. */
const UPLOAD_NAME = /^[a-z0-9][a-z0-9._-]{0,150}$/i;

export const isUploadName = (name: string) => UPLOAD_NAME.test(name) && !name.startsWith('..');

/**
 * The upload a stored URL (a resource's fileUrl, say) names: exactly `/uploads/<name>`, or null.
 * Strict on purpose: the gate in findPublicUpload recognises a gated file by that same text.
 */
export function uploadNameOf(url: string): string | null {
  if (!url.startsWith(UPLOADS_PREFIX)) return null;
  const name = url.slice(UPLOADS_PREFIX.length);
  return isUploadName(name) ? name : null;
}

export interface NewUpload {
  originalName: string;
  mimeType: string;
  /** The file name's extension, from the sniffed type (never from the client). */
  extension: string;
}

/** Stores the bytes and their media row in one transaction: neither exists without the other. */
export async function storeUploadedFile(
  db: Db,
  bytes: Buffer,
  file: NewUpload,
): Promise<{ id: number; fileName: string }> {
  const fileName = `${randomBytes(16).toString('hex')}.${file.extension}`;
  return db.transaction(async (tx) => {
    const blob = await putBlob(tx, bytes, file.mimeType);
    const [row] = await tx
      .insert(media)
      .values({
        fileName,
        originalName: file.originalName,
        mimeType: file.mimeType,
        size: blob.size,
        blobId: blob.id,
      })
      .returning({ id: media.id });
    return { id: row!.id, fileName };
  });
}

/** Deletes the media row and its bytes together; answers false when there was no such row. */
export async function deleteUploadedFile(db: Db, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(media).where(eq(media.id, id)).returning({ blobId: media.blobId });
    if (!row) return false;
    if (row.blobId !== null) await tx.delete(blobs).where(eq(blobs.id, row.blobId));
    return true;
  });
}

/** An upload's bytes by file name, whoever asks (the signed download link, after its own checks). */
export async function findUploadedFile(db: Db, name: string): Promise<StoredBlob | undefined> {
  if (!isUploadName(name)) return undefined;
  const [row] = await db
    .select(blobColumns)
    .from(media)
    .innerJoin(blobs, eq(blobs.id, media.blobId))
    .where(eq(media.fileName, name));
  return row;
}

/**
 * An upload as the public /uploads/<name> URL may serve it. A file that a gated resource offers is
 * not public (only its signed download link serves it): answered as if it did not exist. A file that
 * a resource offers is `linkedToResource`: staff may gate it later, so caches must ask again.
 */
export async function findPublicUpload(
  db: Db,
  name: string,
): Promise<{ blob: StoredBlob; linkedToResource: boolean } | undefined> {
  if (!isUploadName(name)) return undefined;
  const path = uploadUrl(name);
  const [row] = await db
    .select({
      ...blobColumns,
      // null: no resource links the file; true: at least one gated resource does.
      gated: sql<boolean | null>`(select bool_or(${resources.gated}) from ${resources}
        where strpos(${resources.fileUrl}, ${path}) > 0)`,
    })
    .from(media)
    .innerJoin(blobs, eq(blobs.id, media.blobId))
    .where(eq(media.fileName, name));
  if (!row || row.gated) return undefined;
  const { gated, ...blob } = row;
  return { blob, linkedToResource: gated !== null };
}
