import { Router } from 'express';
import { desc } from 'drizzle-orm';
import { adminIdParams, type MediaItem } from '@agency/contracts';
import type { Db } from '../db/client';
import type { Env } from '../env';
import { media } from '../db/schema';
import { notFound } from '../http/errors';
import { parseParams } from '../http/validate';
import { rateLimit } from '../http/rate-limit';
import { sniffImage } from './file-sniff';
import { deleteUploadedFile, uploadUrl } from '../files/uploaded-files';
import { singleFile, storeUpload } from './upload-pipeline';

export const IMAGE_REFUSAL = 'Only PNG, JPEG, WebP, GIF and AVIF images can be uploaded';

/** POST /upload (field `image`), GET /media, DELETE /media/:id. */
export function mediaRouter({ db, env }: { db: Db; env: Env }) {
  const router = Router();
  const uploads = rateLimit(db, {
    name: 'admin-upload',
    limit: 120,
    windowMs: 15 * 60 * 1000,
    scale: env.RATE_LIMIT_SCALE,
  });

  router.post('/upload', uploads, singleFile('image'), async (req, res) => {
    const { url } = await storeUpload(req, db, sniffImage, IMAGE_REFUSAL);
    res.status(201).json({ url });
  });

  router.get('/media', async (_req, res) => {
    const rows = await db.select().from(media).orderBy(desc(media.createdAt), desc(media.id));
    const items: MediaItem[] = rows.map(({ blobId: _b, ...r }) => ({ ...r, url: uploadUrl(r.fileName) }));
    res.setHeader('Cache-Control', 'no-store');
    res.json(items);
  });

  router.delete('/media/:id', async (req, res) => {
    const { id } = parseParams(adminIdParams, req);
    if (!(await deleteUploadedFile(db, id))) throw notFound('File not found');
    res.status(204).end();
  });

  return router;
}
