import { Router } from 'express';
import { and, desc, eq, isNull } from 'drizzle-orm';
import {
  ErrorCode,
  adminIdParams,
  mediaInUseMessage,
  mediaPatchSchema,
  uploadFieldsSchema,
  type MediaItem,
  type MediaUse,
} from '@agency/contracts';
import type { AppContext } from '../app-context';
import { media } from '../db/schema';
import { notFound } from '../http/errors';
import { parseBody, parseParams } from '../http/validate';
import { sniffImage } from '../files/file-sniff';
import { uploadUrl } from '../files/uploaded-files';
import { mediaUsage } from '../files/media-usage';
import { CONTENT_TYPE_DEFINITIONS } from './content-types';
import { singleFile, storeUpload } from './upload-pipeline';

export const IMAGE_REFUSAL = 'Only PNG, JPEG, WebP, GIF and AVIF images can be uploaded';

type MediaRow = typeof media.$inferSelect;

export const mediaItem = (
  { blobId: _b, contentHash: _h, inLibrary: _l, deletedAt: _d, derivatives, focusX, focusY, ...r }: MediaRow,
  usedBy?: MediaUse[],
): MediaItem => ({
  ...r,
  focus: focusX === null || focusY === null ? null : { x: focusX, y: focusY },
  ...(usedBy ? { usedBy } : {}),
  url: uploadUrl(r.fileName),
  derivatives: derivatives.map(({ fileName, format, width, height, size }) => ({
    url: uploadUrl(fileName),
    format,
    width,
    height,
    size,
  })),
});

/**
 * POST /upload (field `image`, optional field `alt`): 201 with a new file and its responsive copies,
 * or 200 with `reused: true` when the library already holds the same bytes. GET /media,
 * PATCH /media/:id (alt text), DELETE /media/:id: 409 naming the items while anything uses the file,
 * else the file goes to the Trash (off the site, restorable; see trash-router.ts).
 */
export function mediaRouter({
  db,
  env,
  clock,
  rateLimits,
}: Pick<AppContext, 'db' | 'env' | 'clock' | 'rateLimits'>) {
  const router = Router();
  const uploads = rateLimits.rateLimit({
    name: 'admin-upload',
    limit: 120,
    windowMs: 15 * 60 * 1000,
    scale: env.RATE_LIMIT_SCALE,
  });

  router.post('/upload', uploads, singleFile('image'), async (req, res) => {
    const fields = parseBody(uploadFieldsSchema, req);
    const stored = await storeUpload(req, db, sniffImage, IMAGE_REFUSAL, {
      derive: true,
      inLibrary: true,
      altText: fields.alt ?? '',
    });
    let [row] = await db.select().from(media).where(eq(media.id, stored.id));
    if (!row) throw notFound('File not found');
    // The same bytes as a file in the Trash: uploading them again takes it out.
    if (row.deletedAt) {
      [row] = await db.update(media).set({ deletedAt: null }).where(eq(media.id, row.id)).returning();
      if (!row) throw notFound('File not found');
    }
    // The same image again, now with the alt text it lacked: the library keeps it.
    if (stored.reused && !row.altText && fields.alt) {
      [row] = await db.update(media).set({ altText: fields.alt }).where(eq(media.id, row.id)).returning();
    }
    res.status(stored.reused ? 200 : 201).json({ ...mediaItem(row!), reused: stored.reused });
  });

  router.get('/media', async (_req, res) => {
    const rows = await db
      .select()
      .from(media)
      .where(isNull(media.deletedAt))
      .orderBy(desc(media.createdAt), desc(media.id));
    const usage = await mediaUsage(db, CONTENT_TYPE_DEFINITIONS, rows);
    res.setHeader('Cache-Control', 'no-store');
    res.json(rows.map((row) => mediaItem(row, usage.get(row.id) ?? [])));
  });

  router.patch('/media/:id', async (req, res) => {
    const { id } = parseParams(adminIdParams, req);
    const { altText, focus } = parseBody(mediaPatchSchema, req);
    const [row] = await db
      .update(media)
      .set({
        ...(altText !== undefined && { altText }),
        ...(focus !== undefined && { focusX: focus?.x ?? null, focusY: focus?.y ?? null }),
      })
      .where(eq(media.id, id))
      .returning();
    if (!row) throw notFound('File not found');
    res.json(mediaItem(row));
  });

  router.delete('/media/:id', async (req, res) => {
    const { id } = parseParams(adminIdParams, req);
    const [row] = await db
      .select()
      .from(media)
      .where(and(eq(media.id, id), isNull(media.deletedAt)));
    if (!row) throw notFound('File not found');
    const usedBy = (await mediaUsage(db, CONTENT_TYPE_DEFINITIONS, [row])).get(id) ?? [];
    if (usedBy.length) {
      res.status(409).json({ message: mediaInUseMessage(usedBy), code: ErrorCode.CONFLICT, usedBy });
      return;
    }
    const now = clock().toISOString();
    await db
      .update(media)
      .set({ deletedAt: now })
      .where(and(eq(media.id, id), isNull(media.deletedAt)));
    res.status(204).end();
  });

  return router;
}
