import type { Request, RequestHandler } from 'express';
import multer from 'multer';
import { ErrorCode } from '@agency/contracts';
import type { Db } from '../db/client';
import { HttpError } from '../http/errors';
import { storeUploadedFile, uploadUrl, type NewUpload, type StoredUpload } from '../files/uploaded-files';
import type { SniffedType } from '../files/file-sniff';
import { ImageTooLarge, withoutMetadata } from '../files/image-metadata';

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/** An image whose metadata could not be removed: it is not published as it is. */
export const UNREADABLE_IMAGE =
  'This image could not be read, so its metadata (such as a GPS position) cannot be removed. Export it again as JPEG or PNG and upload that.';

/**
 * One file from a multipart field, held in memory (never a temp file, so nothing is left behind
 * when a request fails): multer errors become 413 (too large) or 400. The whole body arrives before
 * the database is touched, so a slow or aborted upload never holds a connection or a transaction.
 */
export function singleFile(field: string): RequestHandler {
  const parse = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
  }).single(field);
  return (req, res, next) => {
    parse(req, res, (err: unknown) => {
      if (!err) return next();
      if (err instanceof multer.MulterError) {
        if (err.code === 'LIMIT_FILE_SIZE') {
          return next(new HttpError(413, ErrorCode.PAYLOAD_TOO_LARGE, 'The file is larger than 5 MB'));
        }
        const message =
          err.code === 'LIMIT_UNEXPECTED_FILE' ? `Send the file in the field "${field}"` : err.message;
        return next(new HttpError(400, ErrorCode.VALIDATION, message));
      }
      next(err);
    });
  };
}

/** Display-only copy of the client's file name (never used as a path). */
export function cleanOriginalName(name: string | undefined): string {
  const cleaned = (name ?? '')
    .replace(/[\u0000-\u001f\u007f/\\]/g, '')
    .trim()
    .slice(0, 200);
  return cleaned || 'upload';
}

/**
 * Checks the uploaded bytes with `sniff` and stores them, with their media row, in the database
 * under a random name, or answers the library's existing file with the same bytes (`reused`).
 * Answers the public URL.
 */
export async function storeUpload(
  req: Request,
  db: Db,
  sniff: (buf: Buffer, originalName: string) => Promise<SniffedType | null>,
  refusal: string,
  options: Pick<NewUpload, 'derive' | 'altText' | 'inLibrary'> = {},
): Promise<{ url: string } & StoredUpload> {
  const file = req.file;
  if (!file) throw new HttpError(400, ErrorCode.VALIDATION, 'Choose a file to upload');
  const originalName = cleanOriginalName(file.originalname);
  const type = await sniff(file.buffer, originalName);
  if (!type) throw new HttpError(400, ErrorCode.VALIDATION, refusal);
  // Before anything is stored or published: an image loses its EXIF (author, notes, GPS position) and
  // other metadata, turned upright with its colour profile kept (see image-metadata.ts).
  let bytes: Buffer | null;
  try {
    bytes = await withoutMetadata(file.buffer, type.mimeType);
  } catch (err) {
    if (err instanceof ImageTooLarge) throw new HttpError(400, ErrorCode.VALIDATION, err.message);
    throw err;
  }
  if (!bytes) throw new HttpError(400, ErrorCode.VALIDATION, UNREADABLE_IMAGE);
  const stored = await storeUploadedFile(db, bytes, { originalName, ...type, ...options });
  return { url: uploadUrl(stored.fileName), ...stored };
}
