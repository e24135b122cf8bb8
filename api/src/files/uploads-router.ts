import { Router } from 'express';
import type { Db } from '../db/client';
import { sendBlob } from './send-blob';
import { findPublicUpload } from './uploaded-files';

/** A file name is random and never reused, so its bytes never change: cacheable for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Files a resource offers: cacheable, but checked again each time, so gating one takes effect. */
const REVALIDATE = 'public, no-cache';

/** GET/HEAD /uploads/<name>: staff-uploaded files from the database, identical on every instance. */
export function uploadsRouter(db: Db) {
  const router = Router();
  router.get('/uploads/:name', async (req, res, next) => {
    const found = await findPublicUpload(db, req.params.name);
    if (!found) return next();
    await sendBlob(db, req, res, found.blob, {
      cacheControl: found.linkedToResource ? REVALIDATE : IMMUTABLE,
      ranges: true,
    });
  });
  router.use('/uploads', (_req, res) => {
    res.status(404).setHeader('X-Content-Type-Options', 'nosniff').type('text/plain').send('Not found');
  });
  return router;
}
