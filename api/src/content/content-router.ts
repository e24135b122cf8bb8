import express, { Router, type Request } from 'express';
import { API_PATHS, slug as slugSchema, underApi } from '@agency/contracts';
import type { AppContext } from '../app-context';
import { notFound } from '../http/errors';
import { IMAGES_DIR } from './content-files';
import { findPage } from './content-repository';
import { canSeeDrafts } from './reader-access';
import type { DownloadTokens } from './download-token';
import { resourcesRouter } from './resources-router';

/** A slug from the path, or 404: malformed slugs cannot name a row. */
export function slugParam(req: Request): string {
  const parsed = slugSchema.safeParse(req.params['slug']);
  if (!parsed.success) throw notFound();
  return parsed.data;
}

/**
 * Public content: resources and CMS pages (blog posts and case studies: the registry's public reads,
 * admin/content-type-reads.ts). `tokens` signs gated-download links
 * (app.ts shares one signer, from SECRET_KEY, with the HTML lead form).
 */
export function contentRouter(
  app: Pick<AppContext, 'db' | 'clock' | 'rateLimits'>,
  opts: { tokens: DownloadTokens; rateLimitScale?: number; publicUrl?: string },
) {
  const { db } = app;
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

  router.get(underApi(API_PATHS.page), async (req, res) => {
    const slug = slugParam(req);
    const page = await findPage(app, slug, await canSeeDrafts(req, db));
    if (!page) throw notFound('Page not found');
    res.json(page);
  });

  router.use(
    resourcesRouter(app, opts.tokens, { rateLimitScale: opts.rateLimitScale, publicUrl: opts.publicUrl }),
  );
  return router;
}
