import express from 'express';
import { CLIENT_ERRORS_PATH } from '@agency/contracts';
import compression from 'compression';
import onHeaders from 'on-headers';
import type { Logger } from 'pino';
import type { Env } from './env';
import type { Database } from './db/client';
import { errorHandler, notFound } from './http/errors';
import { contactRouter } from './contact/contact-router';
import { newsletterRouter } from './newsletter/newsletter-router';
import { siteRouter } from './site/serve-site';
import { buildRemotesManifest, setReleaseSource } from './site/remotes-manifest';
import { databaseReleases } from './releases/database-releases';
import { securityHeaders } from './security/security-headers';
import { pageMetaRouter } from './site/seo/seo-router';
import { createPublicCache, tagsFromNotification, type PublicCache } from './http/public-cache';
import { STAFF_VARIANT_PATHS, tagsChangedBy, type ContentTag } from './http/public-reads';
import { staffVariant } from './http/staff-variants';
import { countInProcess } from './http/rate-limit';
import { marketingRouter } from './marketing/marketing-router';
import { contentRouter } from './content/content-router';
import { adminRouter } from './admin/admin-router';
import { publicSiteSettingsRouter } from './admin/site-settings';
import { uploadsRouter } from './files/uploads-router';
import { healthRouter } from './ops/health-router';
import { createMetrics, type Metrics } from './ops/metrics';
import { requestLog } from './ops/request-log';
import { isoTimestamps } from './http/iso-timestamps';
import { clientErrorsRouter } from './ops/client-errors-router';
import { openApiRouter } from './openapi/openapi-router';
import { systemClock, setClock, type Clock } from './content/visibility';
import { nextDueTimes } from './content/content-repository';

const CONTENT_CHANGED = 'content_changed';

export interface AppDeps {
  env: Env;
  database: Database;
  log: Logger;
  /** Request metrics to record into (server.ts serves them on METRICS_PORT); a private set otherwise. */
  metrics?: Metrics;
  /** The public read cache (tests pass their own to look inside). */
  cache?: PublicCache;
  /** What "now" is for scheduled items, the trash and the cache (tests pass one they move). */
  clock?: Clock;
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The whole HTTP surface, without listening (tests drive it with supertest). */
export function createApp({
  env,
  database,
  log,
  metrics = createMetrics({ database, env }),
  cache = createPublicCache(),
  clock = systemClock,
}: AppDeps) {
  setClock(database.db, clock);
  // PGlite is opened by this one process only, so its rate-limit counters can live in memory.
  if (database.kind === 'pglite') countInProcess(database.db);
  // With DATABASE_URL, releases are shared through the database; without it they stay in RELEASES_DIR.
  const releases =
    env.DATABASE_URL && database.kind === 'postgres' ? databaseReleases(env, database, log) : undefined;
  if (releases) setReleaseSource(env, releases);
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', env.TRUST_PROXY);
  app.set('query parser', 'simple');
  app.set('json replacer', isoTimestamps);
  app.use(requestLog(log, env));
  app.use(metrics.observe);
  app.use(securityHeaders((fresh) => buildRemotesManifest(env, { fresh })));
  app.use(healthRouter(database));
  // Public reads are served from memory until a staff write changes their content family (here or,
  // through NOTIFY with the changed tags, on another instance). Nothing anonymous invalidates.
  const contentChanged = (tags: readonly ContentTag[]) => {
    cache.invalidate(tags);
    void database.notify(CONTENT_CHANGED, tags.join(',')).catch(() => {});
  };
  // Scheduled posts and pages go live by themselves: the cache drops their families when one is due.
  cache.watchDue({
    tags: ['blog-posts', 'pages'],
    now: () => clock().getTime(),
    nextDue: () => nextDueTimes(database.db),
  });
  void database
    .listen(CONTENT_CHANGED, (payload) => cache.invalidate(tagsFromNotification(payload)))
    .catch((err: unknown) => {
      log.error({ err }, 'cannot listen for content changes; caching public reads is off');
      cache.disable();
    });

  app.use(
    STAFF_VARIANT_PATHS.map((p) => `/api${p}`),
    staffVariant,
  );
  app.use('/api', cache.publicReads);
  // Before compression: stored files carry a strong ETag and byte ranges of exactly these bytes.
  app.use(uploadsRouter(database.db));
  app.use(compression());

  const api = express.Router();
  // Before the general body parser: these reports have their own, much smaller, size limit.
  api.use(
    CLIENT_ERRORS_PATH.slice('/api'.length),
    clientErrorsRouter(database.db, log, metrics, { rateLimitScale: env.RATE_LIMIT_SCALE }),
  );
  api.use(express.json({ limit: '100kb' }));
  // A staff write that succeeded drops the families it changed, before its answer leaves (so the
  // next read already misses). Failed writes, and everything anonymous, change nothing.
  api.use('/admin', (req, res, next) => {
    const tags = WRITE_METHODS.has(req.method) ? tagsChangedBy(req.path) : [];
    if (tags.length) {
      onHeaders(res, () => {
        if (res.statusCode >= 200 && res.statusCode < 300 && res.locals.staffSession) contentChanged(tags);
      });
    }
    next();
  });
  api.use('/contacts', contactRouter(database.db, { rateLimitScale: env.RATE_LIMIT_SCALE }));
  api.use('/newsletter', newsletterRouter(database.db, { rateLimitScale: env.RATE_LIMIT_SCALE }));
  api.use(marketingRouter(database.db));
  api.use(
    contentRouter(database.db, {
      secret: env.SECRET_KEY,
      rateLimitScale: env.RATE_LIMIT_SCALE,
    }),
  );
  api.use(pageMetaRouter(env, database.db));
  api.use(publicSiteSettingsRouter(database.db));
  api.use('/admin', adminRouter({ db: database.db, env, log }));
  api.use(openApiRouter());
  api.use(() => {
    throw notFound('No such API route');
  });
  app.use('/api', api);

  // Server renders ask this same app for their pages' data (see site/render/internal-api.ts).
  const site = siteRouter(env, database.db, log, app, cache, metrics);
  app.use(site);
  app.use((_req, res) => {
    res.status(404).type('text/plain').send('Not found');
  });
  app.use(errorHandler(log));
  /** Loads what the first page render needs; the server awaits it before it listens. */
  return Object.assign(app, {
    warmUp: async () => {
      await releases?.ready;
      await site.warm();
    },
  });
}
