import express from 'express';
import compression from 'compression';
import type { Logger } from 'pino';
import { ErrorCode } from '@agency/contracts';
import type { Env } from './env';
import type { Database } from './db/client';
import { errorHandler, notFound } from './http/errors';
import { contactRouter } from './contact/contact-router';
import { newsletterRouter } from './newsletter/newsletter-router';
import { siteRouter } from './site/serve-site';
import { buildRemotesManifest } from './site/remotes-manifest';
import { securityHeaders } from './security/security-headers';
import { pageMetaRouter } from './site/seo/seo-router';
import { createPublicCache } from './http/public-cache';
import { countInProcess } from './http/rate-limit';
import { marketingRouter } from './marketing/marketing-router';
import { contentRouter } from './content/content-router';
import { adminRouter } from './admin/admin-router';
import { uploadsDir } from './admin/upload-pipeline';
import { publicSiteSettingsRouter } from './admin/site-settings';
import { uploadsStatic } from './admin/uploads-static';

const CONTENT_CHANGED = 'content_changed';

export interface AppDeps {
  env: Env;
  database: Database;
  log: Logger;
}

/** The whole HTTP surface, without listening (tests drive it with supertest). */
export function createApp({ env, database, log }: AppDeps) {
  // PGlite is opened by this one process only, so its rate-limit counters can live in memory.
  if (database.kind === 'pglite') countInProcess(database.db);
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', env.TRUST_PROXY);
  app.set('query parser', 'simple');
  app.use(securityHeaders((fresh) => buildRemotesManifest(env, { fresh })));
  // Public content reads are served from memory until a write changes content (here or, through
  // NOTIFY, on another instance). Contact and newsletter posts change no public content.
  const cache = createPublicCache();
  cache.onLocalWrite(() => void database.notify(CONTENT_CHANGED).catch(() => {}));
  void database.listen(CONTENT_CHANGED, cache.invalidate).catch((err: unknown) => {
    log.error({ err }, 'cannot listen for content changes; caching public reads is off');
    cache.disable();
  });

  app.use('/api', cache.serveHit);
  app.use(compression());

  app.get('/healthz', async (_req, res) => {
    try {
      await database.ping();
      res.json({ status: 'ok' });
    } catch {
      res.status(503).json({ message: 'Database unavailable', code: ErrorCode.SERVICE_UNAVAILABLE });
    }
  });

  const api = express.Router();
  api.use(express.json({ limit: '100kb' }));
  api.use((req, res, next) => {
    // Writes that change public content; signing in and out, passwords, contacts and newsletter don't.
    const changesContent =
      (req.method !== 'GET' &&
        req.method !== 'HEAD' &&
        !/^\/(contacts|newsletter|admin\/(auth|logout|password))\b/.test(req.path)) ||
      /^\/resources\/\d+\/download/.test(req.path);
    return changesContent ? cache.invalidateOnWrite(req, res, next) : next();
  });
  api.use(
    [
      '/services',
      '/testimonials',
      '/content-blocks',
      '/case-studies',
      '/blog-posts',
      '/resources',
      '/pages',
      '/site-settings',
    ],
    cache.middleware,
  );
  api.use('/contacts', contactRouter(database.db, { rateLimitScale: env.RATE_LIMIT_SCALE }));
  api.use('/newsletter', newsletterRouter(database.db, { rateLimitScale: env.RATE_LIMIT_SCALE }));
  api.use(marketingRouter(database.db));
  api.use(
    contentRouter(database.db, {
      secret: env.SECRET_KEY,
      uploadsDir: uploadsDir(env),
      rateLimitScale: env.RATE_LIMIT_SCALE,
    }),
  );
  api.use(pageMetaRouter(env, database.db));
  api.use(publicSiteSettingsRouter(database.db));
  api.use('/admin', adminRouter({ db: database.db, env, log }));
  api.use(() => {
    throw notFound('No such API route');
  });
  app.use('/api', api);
  app.use(uploadsStatic(env));

  app.use(siteRouter(env, database.db, log));
  app.use((_req, res) => {
    res.status(404).type('text/plain').send('Not found');
  });
  app.use(errorHandler(log));
  return app;
}
