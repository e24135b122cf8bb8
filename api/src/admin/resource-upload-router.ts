import { Router } from 'express';
import type { Db } from '../db/client';
import type { Env } from '../env';
import { rateLimit } from '../http/rate-limit';
import { sniffResourceFile } from '../files/file-sniff';
import { singleFile, storeUpload } from './upload-pipeline';

export const RESOURCE_FILE_REFUSAL = 'Upload a PDF, ZIP, plain text (txt, csv, md) or image file';

/** POST /api/admin/resources/upload (field `file`): a resource's download file (see content-types.ts). */
export function resourceUploadRouter({ db, env }: { db: Db; env: Env }) {
  const router = Router();
  router.post(
    '/upload',
    rateLimit(db, {
      name: 'admin-upload',
      limit: 120,
      windowMs: 15 * 60 * 1000,
      scale: env.RATE_LIMIT_SCALE,
    }),
    singleFile('file'),
    async (req, res) => {
      const { url, reused } = await storeUpload(req, db, sniffResourceFile, RESOURCE_FILE_REFUSAL);
      res.status(reused ? 200 : 201).json({ url, reused });
    },
  );
  return router;
}
