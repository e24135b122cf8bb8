import path from 'node:path';
import { readdir, readFile } from 'node:fs/promises';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../db/client';
import { media } from '../db/schema';
import { sniffResourceFile } from './file-sniff';
import { isUniqueViolation } from '../db/pg-errors';
import { putBlob } from './blob-store';
import { isUploadName } from './uploaded-files';

/** Where uploads lived before they moved into the database. */
export const legacyUploadsDir = (dataDir: string) => path.join(dataDir, 'uploads');

/** The import was undone: another instance imported the same file first. */
class AlreadyImported extends Error {}

/**
 * Moves files from an uploads folder (the disk store of earlier versions) into the database, once:
 * a file whose media row already has its bytes is skipped unread, so a second run imports nothing.
 * Each file goes in with its media row in one transaction. A file without a media row gets one, when
 * its bytes are a type uploads accept. After this the folder is no longer read.
 */
export async function importUploads(
  db: Db,
  dir: string,
  log: Pick<Logger, 'info' | 'warn'>,
): Promise<{ imported: string[]; skipped: string[] }> {
  const names = await readdir(dir, { withFileTypes: true }).then(
    (entries) => entries.filter((e) => e.isFile()).map((e) => e.name),
    (err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return [] as string[];
      throw err;
    },
  );
  const result = { imported: [] as string[], skipped: [] as string[] };
  if (!names.length) return result;
  const done = new Set(
    (await db.select({ fileName: media.fileName }).from(media).where(isNotNull(media.blobId))).map(
      (r) => r.fileName,
    ),
  );
  for (const name of names) {
    if (done.has(name)) continue;
    if (!isUploadName(name)) {
      result.skipped.push(name);
      continue;
    }
    const bytes = await readFile(path.join(dir, name));
    try {
      const stored = await db.transaction(async (tx) => {
        const [row] = await tx
          .select({ id: media.id, mimeType: media.mimeType })
          .from(media)
          .where(eq(media.fileName, name));
        // The media row's type was sniffed at upload; a file without a row is sniffed now.
        const mimeType = row?.mimeType ?? (await sniffResourceFile(bytes, name))?.mimeType;
        if (!mimeType) return false;
        const blob = await putBlob(tx, bytes, mimeType);
        if (row) {
          const updated = await tx
            .update(media)
            .set({ blobId: blob.id, size: blob.size })
            .where(and(eq(media.id, row.id), isNull(media.blobId)))
            .returning({ id: media.id });
          if (!updated.length) throw new AlreadyImported();
        } else {
          await tx
            .insert(media)
            .values({ fileName: name, originalName: name, mimeType, size: blob.size, blobId: blob.id });
        }
        return true;
      });
      (stored ? result.imported : result.skipped).push(name);
    } catch (err) {
      // Two instances importing at once: the other one's copy stands (unique file name or row taken).
      if (err instanceof AlreadyImported || isUniqueViolation(err)) continue;
      throw err;
    }
  }
  if (result.imported.length) {
    log.info(
      { count: result.imported.length, dir },
      'imported uploaded files into the database; this folder is no longer used',
    );
  }
  if (result.skipped.length) {
    log.warn({ files: result.skipped, dir }, 'files in the uploads folder that are not uploads: left alone');
  }
  return result;
}
