import { Router } from 'express';
import { desc } from 'drizzle-orm';
import { resourceInputSchema } from '@agency/contracts';
import type { Db } from '../db/client';
import type { Env } from '../env';
import { resources } from '../db/schema';
import { rateLimit } from '../http/rate-limit';
import { crudRouter } from './crud-router';
import { sniffResourceFile } from './file-sniff';
import { singleFile, storeUpload } from './upload-pipeline';

export const RESOURCE_FILE_REFUSAL = 'Upload a PDF, ZIP, plain text (txt, csv, md) or image file';

/** /api/admin/resources, plus POST /api/admin/resources/upload (field `file`) for the download file. */
export function resourcesRouter({ db, env }: { db: Db; env: Env }) {
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
  router.use(
    crudRouter(db, {
      type: 'resources',
      table: resources,
      schema: resourceInputSchema,
      orderBy: [desc(resources.createdAt), desc(resources.id)],
      unique: { field: 'id', message: 'This resource already exists' },
      label: 'Resource',
    }),
  );
  return router;
}
