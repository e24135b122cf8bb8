import express, { Router, type Request } from 'express';
import { slug as slugSchema } from '@agency/contracts';
import type { AppContext } from '../app-context';
import { notFound } from '../http/errors';
import { IMAGES_DIR } from './content-files';
import type { DownloadTokens } from './download-token';
import { resourcesRouter } from './resources-router';

/** A slug from the path, or 404 (with `missing`'s message): malformed slugs cannot name a row. */
export function slugParam(req: Request, missing?: (given: string) => string): string {
  const parsed = slugSchema.safeParse(req.params['slug']);
  if (!parsed.success) throw notFound(missing?.(String(req.params['slug'])));
  return parsed.data;
}

/**
 * Public files and resources' downloads and leads (every type's public list and item: the registry's
 * public reads, admin/content-type-reads.ts). `tokens` signs gated-download links
 * (app.ts shares one signer, from SECRET_KEY, with the HTML lead form).
 */
export function contentRouter(
  app: Pick<AppContext, 'db' | 'clock' | 'rateLimits'>,
  opts: { tokens: DownloadTokens; rateLimitScale?: number; publicUrl?: string },
) {
  const router = Router();

  router.use(
    '/files/images',
    express.static(IMAGES_DIR, {
      index: false,
      redirect: false,
      maxAge: '1d',
      setHeaders: (res) => {
        res.setHeader('X-Content-Type-Options', 'nosniff');
        // SVGs opened directly must not run anything.
        res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
      },
    }),
  );

  router.use(
    resourcesRouter(app, opts.tokens, { rateLimitScale: opts.rateLimitScale, publicUrl: opts.publicUrl }),
  );
  return router;
}
