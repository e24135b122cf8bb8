import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import type { Request, RequestHandler, Response } from 'express';
import multer from 'multer';
import { ErrorCode } from '@agency/contracts';
import type { Db } from '../db/client';
import type { Env } from '../env';
import { media } from '../db/schema';
import { HttpError } from '../http/errors';
import type { SniffedType } from './file-sniff';

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const uploadsDir = (env: Pick<Env, 'DATA_DIR'>) => path.join(env.DATA_DIR, 'uploads');

/**
 * One file from a multipart field, held in memory (never a temp file, so nothing is left behind
 * when a request fails): multer errors become 413 (too large) or 400.
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
function cleanOriginalName(name: string | undefined): string {
  const cleaned = (name ?? '')
    .replace(/[\u0000-\u001f\u007f/\\]/g, '')
    .trim()
    .slice(0, 200);
  return cleaned || 'upload';
}

/**
 * Checks the uploaded bytes with `sniff`, stores them under a random name in DATA_DIR/uploads
 * and records the file in the media table. Answers the public URL.
 */
export async function storeUpload(
  req: Request,
  _res: Response,
  deps: { db: Db; env: Pick<Env, 'DATA_DIR'> },
  sniff: (buf: Buffer, originalName: string) => SniffedType | null,
  refusal: string,
): Promise<{ url: string; id: number }> {
  const file = req.file;
  if (!file) throw new HttpError(400, ErrorCode.VALIDATION, 'Choose a file to upload');
  const originalName = cleanOriginalName(file.originalname);
  const type = sniff(file.buffer, originalName);
  if (!type) throw new HttpError(400, ErrorCode.VALIDATION, refusal);
  const dir = uploadsDir(deps.env);
  await mkdir(dir, { recursive: true });
  const fileName = `${randomBytes(16).toString('hex')}.${type.extension}`;
  const target = path.join(dir, fileName);
  await writeFile(target, file.buffer, { flag: 'wx' });
  try {
    const [row] = await deps.db
      .insert(media)
      .values({ fileName, originalName, mimeType: type.mimeType, size: file.size })
      .returning({ id: media.id });
    return { url: `/uploads/${fileName}`, id: row!.id };
  } catch (err) {
    await unlink(target).catch(() => {});
    throw err;
  }
}
