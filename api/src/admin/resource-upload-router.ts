import { Router } from 'express';
import type { AppContext } from '../app-context';
import { sniffResourceFile } from '../files/file-sniff';
import { singleFile, storeUpload } from './upload-pipeline';

export const RESOURCE_FILE_REFUSAL = 'Upload a PDF, ZIP, plain text (txt, csv, md) or image file';

/** POST /api/admin/resources/upload (field `file`): a resource's download file (see content-types.ts). */
export function resourceUploadRouter({ db, env, rateLimits }: Pick<AppContext, 'db' | 'env' | 'rateLimits'>) {
  const router = Router();
  router.post(
    '/upload',
    rateLimits.rateLimit({
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
