import { createHash, randomBytes } from 'node:crypto';
import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { blobs, media, resources, type MediaDerivativeRow } from '../db/schema';
import { blobColumns, findBlob, putBlob, readBlob, type StoredBlob } from './blob-store';
import { DERIVATIVE_TYPES, renderDerivatives, type RenderedImage } from './image-derivatives';

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
  /** Render responsive AVIF/WebP copies and record the size (library images). */
  derive?: boolean;
  /** Alt text given at upload ('' = none yet). */
  altText?: string;
  /** Put in the media library (public wherever used; a gated resource cannot hide it). */
  inLibrary?: boolean;
}

export interface StoredUpload {
  id: number;
  fileName: string;
  /** The same bytes were already in the library: that row and file are answered, nothing is stored. */
  reused: boolean;
}

export const sha256Hex = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function findByHash(db: Db, contentHash: string) {
  const [row] = await db
    .select({ id: media.id, fileName: media.fileName, altText: media.altText })
    .from(media)
    .where(eq(media.contentHash, contentHash));
  return row;
}

/** Stores rendered copies as blobs named after their original (`<base>-<width>.<format>`). */
async function storeDerivatives(
  db: Db,
  base: string,
  rendered: RenderedImage | null,
): Promise<MediaDerivativeRow[]> {
  const derivatives: MediaDerivativeRow[] = [];
  for (const d of rendered?.derivatives ?? []) {
    const stored = await putBlob(db, d.bytes, DERIVATIVE_TYPES[d.format]);
    derivatives.push({
      fileName: `${base}-${d.width}.${d.format}`,
      format: d.format,
      width: d.width,
      height: d.height,
      size: stored.size,
      blobId: stored.id,
    });
  }
  return derivatives;
}

/**
 * Stores the bytes and their media row in one transaction (neither exists without the other), or
 * answers the row that already holds the same bytes (sha256). Safe when two uploads of the same
 * bytes race: the media row is claimed first with ON CONFLICT DO NOTHING on the unique content
 * hash, so the loser stores nothing and answers the winner's row.
 */
export async function storeUploadedFile(db: Db, bytes: Buffer, file: NewUpload): Promise<StoredUpload> {
  const contentHash = sha256Hex(bytes);
  const existing = await findByHash(db, contentHash);
  if (existing) {
    // A resource's file uploaded again to the library is a library image from now on.
    if (file.inLibrary) await db.update(media).set({ inLibrary: true }).where(eq(media.id, existing.id));
    return { id: existing.id, fileName: existing.fileName, reused: true };
  }

  const base = randomBytes(16).toString('hex');
  const fileName = `${base}.${file.extension}`;
  const rendered = file.derive ? await renderDerivatives(bytes) : null;
  const altText = file.altText ?? '';
  const id = await db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(media)
      .values({
        fileName,
        originalName: file.originalName,
        mimeType: file.mimeType,
        size: bytes.length,
        contentHash,
        altText,
        width: rendered?.width ?? null,
        height: rendered?.height ?? null,
        inLibrary: file.inLibrary ?? false,
      })
      .onConflictDoNothing({ target: media.contentHash })
      .returning({ id: media.id });
    if (!claimed) return null;
    const blob = await putBlob(tx, bytes, file.mimeType);
    const derivatives = await storeDerivatives(tx, base, rendered);
    await tx.update(media).set({ blobId: blob.id, derivatives }).where(eq(media.id, claimed.id));
    return claimed.id;
  });
  if (id !== null) return { id, fileName, reused: false };
  const winner = await findByHash(db, contentHash);
  if (!winner) throw new Error('an upload of the same bytes was claimed and then vanished');
  if (file.inLibrary) await db.update(media).set({ inLibrary: true }).where(eq(media.id, winner.id));
  return { id: winner.id, fileName: winner.fileName, reused: true };
}

/** Library images without a size: seeded ones and those uploaded before responsive copies. */
const RASTER_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif'];

/**
 * Renders the responsive copies (and records the size) of every library image that lacks them.
 * Run at startup; an instance that loses a race to another one stores nothing for that image.
 * Answers how many images got copies.
 */
export async function backfillDerivatives(db: Db): Promise<number> {
  const rows = await db
    .select({ id: media.id, fileName: media.fileName, blobId: media.blobId })
    .from(media)
    .where(and(isNull(media.width), isNotNull(media.blobId), inArray(media.mimeType, RASTER_TYPES)));
  let done = 0;
  for (const row of rows) {
    const blob = row.blobId === null ? undefined : await findBlob(db, row.blobId);
    if (!blob) continue;
    const chunks: Buffer[] = [];
    for await (const chunk of readBlob(db, blob)) chunks.push(chunk as Buffer);
    const rendered = await renderDerivatives(Buffer.concat(chunks));
    if (!rendered) continue;
    const base = row.fileName.replace(/\.[^.]+$/, '');
    const stored = await db
      .transaction(async (tx) => {
        const derivatives = await storeDerivatives(tx, base, rendered);
        const updated = await tx
          .update(media)
          .set({ width: rendered.width, height: rendered.height, derivatives })
          .where(and(eq(media.id, row.id), isNull(media.width)))
          .returning({ id: media.id });
        if (!updated.length) throw new LostRace();
        return true;
      })
      .catch((err: unknown) => {
        if (err instanceof LostRace) return false;
        throw err;
      });
    if (stored) done++;
  }
  return done;
}
class LostRace extends Error {}

/**
 * Deletes a media row in the Trash and its bytes (the original and its derivatives) together; false
 * when there was no such row in the Trash (one restored meanwhile stays).
 */
export async function deleteUploadedFile(db: Db, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(media)
      .where(and(eq(media.id, id), isNotNull(media.deletedAt)))
      .returning({ blobId: media.blobId, derivatives: media.derivatives });
    if (!row) return false;
    const ids = [row.blobId, ...row.derivatives.map((d) => d.blobId)].filter(
      (b): b is number => typeof b === 'number',
    );
    if (ids.length) await tx.delete(blobs).where(inArray(blobs.id, ids));
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
 * not public (only its signed download link serves it): answered as if it did not exist, unless it is
 * also a library image (pages show it to everyone: gating a resource must not break them). A file that
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
      inLibrary: media.inLibrary,
    })
    .from(media)
    .innerJoin(blobs, eq(blobs.id, media.blobId))
    // A file in the Trash is off the site, like trashed content.
    .where(and(eq(media.fileName, name), isNull(media.deletedAt)));
  if (!row) return findDerivative(db, name);
  if (row.gated && !row.inLibrary) return undefined;
  const { gated, inLibrary: _inLibrary, ...blob } = row;
  return { blob, linkedToResource: gated !== null };
}

/** A responsive copy of a library image (`<hex>-<width>.<format>`), public like its original. */
async function findDerivative(db: Db, name: string) {
  if (!/^[0-9a-f]{32}-\d+\.(avif|webp)$/.test(name)) return undefined;
  const [row] = await db
    .select({ fileName: media.fileName, derivatives: media.derivatives })
    .from(media)
    .where(sql`${media.derivatives} @> ${JSON.stringify([{ fileName: name }])}::jsonb`);
  const derivative = row?.derivatives.find((d) => d.fileName === name);
  if (!row || !derivative) return undefined;
  // A copy of a file that a gated resource offers is no more public than the file.
  const original = await findPublicUpload(db, row.fileName);
  if (!original) return undefined;
  const blob = await findBlob(db, derivative.blobId);
  return blob && { blob, linkedToResource: original.linkedToResource };
}
