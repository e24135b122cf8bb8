import type { IncomingMessage, ServerResponse } from 'node:http';
import express from 'express';
import { API_PATHS, CLIENT_ERRORS_PATH, underApi } from '@agency/contracts';
import compression from 'compression';
import onHeaders from 'on-headers';
import type { Logger } from 'pino';
import type { Env } from './env';
import type { Database } from './db/client';
import { errorHandler, notFound } from './http/errors';
import { contactRouter } from './contact/contact-router';
import { newsletterRouter } from './newsletter/newsletter-router';
import { siteRouter } from './site/serve-site';
import { releaseView } from './site/remotes-manifest';
import { openReleaseStore } from './releases/active-release-store';
import type { ReleaseStore } from './releases/release-store';
import { siteTables } from './releases/site-table';
import { securityHeaderSet, securityHeaders } from './security/security-headers';
import { pageMetaRouter } from './site/seo/seo-router';
import { socialCardRouter } from './site/social-card/social-card-router';
import { createPublicCache, type PublicCache } from './http/public-cache';
import { STAFF_VARIANT_PATHS, tagsDroppedBy } from './http/public-reads';
import { staffVariant } from './http/staff-variants';
import { sharedCacheHeaders, sharedCacheSettings } from './http/shared-cache';
import { createRateLimits } from './http/rate-limit';
import { contentRouter } from './content/content-router';
import { contentTypeReadsRouter } from './content/content-type-reads';
import { adminRouter } from './admin/admin-router';
import { publicSiteSettingsRouter } from './admin/site-settings';
import { uploadsRouter } from './files/uploads-router';
import { healthRouter } from './ops/health-router';
import { refuseWritesWhileDiskLow, type DiskSpaceGuard } from './ops/disk-space';
import { createMetrics, type Metrics } from './ops/metrics';
import { requestLog, requestRecords } from './ops/request-log';
import { frontDoor } from './front-door';
import { requestTarget } from './http/request-target';
import { isoTimestamps } from './http/iso-timestamps';
import { clientErrorsRouter } from './ops/client-errors-router';
import { openApiRouter } from './openapi/openapi-router';
import { systemClock, type Clock } from './content/visibility';
import { SCHEDULED_TAGS, nextDueTimes } from './content/due-times';
import { draftScheduler } from './admin/draft-scheduler';
import { createDownloadTokens } from './content/download-token';
import { formPostsRouter } from './forms/form-posts-router';
import { createSubscriptionTokens } from './newsletter/subscription-tokens';
import { subscriptionPagesRouter } from './newsletter/subscription-pages';
import { redirectAnswers } from './admin/redirect-answers';
import { oldAddresses } from './site/old-addresses';
import { runPreflight } from './site/preflight';
import { canaryGuard } from './site/canary-guard';
import { staffEvents } from './admin/staff-events';
import { contactStore } from './contact/contact-store';
import type { AppContext } from './app-context';
import { contentChanges } from './content-changes';

export interface AppDeps {
  env: Env;
  database: Database;
  log: Logger;
  /** Request metrics to record into (server.ts serves them on METRICS_PORT); a private set otherwise. */
  metrics?: Metrics;
  /**
   * The release store (server.ts opens it first, for its metrics too); by default the one for `env`:
   * PostgreSQL with DATABASE_URL, else RELEASES_DIR.
   */
  releases?: ReleaseStore;
  /** The public read cache (tests pass their own to look inside). */
  cache?: PublicCache;
  /** What "now" is for scheduled items, the trash and the cache (tests pass one they move). */
  clock?: Clock;
  /** PGlite on disk: free space of DATA_DIR; below its floor, writes answer 503 (server.ts). */
  diskSpace?: DiskSpaceGuard;
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The whole HTTP surface, without listening (tests drive it with supertest). */
export function createApp({
  env,
  database,
  log,
  releases = openReleaseStore(env, database, { log }),
  metrics = createMetrics({ database, releases }),
  cache = createPublicCache({
    backstopMs: env.CACHE_MAX_AGE_SECONDS * 1000,
    staleMs: env.CACHE_STALE_SECONDS * 1000,
  }),
  clock = systemClock,
  diskSpace,
}: AppDeps) {
  // What the routers share, made once here and handed to each (a router names the part it needs).
  const context: AppContext = {
    env,
    database,
    db: database.db,
    log,
    clock,
    // PGlite is opened by this one process only, so its rate-limit counters can live in memory.
    rateLimits: createRateLimits(database.db, { inProcess: database.kind === 'pglite' }),
    // With DATABASE_URL, releases are shared through the database; without it they stay in RELEASES_DIR.
    releases,
    siteTables: siteTables(env, releases, log),
    // A promote (CMS or command) first renders the remote's pages with the new version (issue 40 item 3):
    // the site's renderer, made below; a preflight runs only once requests do.
    preflight: (remote, version) => runPreflight(context, site.checkPage, remote, version),
    redirects: redirectAnswers(database.db),
    contacts: contactStore(database.db),
  };
  // While a canary runs: its views and failures, counted in the database; it ends itself past the
  // threshold in Settings (site/canary-guard.ts; server.ts starts its checks).
  const canary = canaryGuard(context);
  const counted: Metrics = {
    ...metrics,
    pageView: (remote, version) => {
      metrics.pageView(remote, version);
      canary.view(remote, version);
    },
    clientError: (report) => {
      const version = metrics.clientError(report);
      canary.failure(report.remote, report.version);
      return version;
    },
  };
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', env.TRUST_PROXY);
  app.set('query parser', 'simple');
  app.set('json replacer', isoTimestamps);
  // The release state, its manifest and the security headers it implies: computed once per release
  // (switch, rollback, canary), read from memory by every request.
  const release = releaseView(context, securityHeaderSet);
  const records = requestRecords(log, env, metrics.record);
  app.use(requestLog(records));
  app.use(securityHeaders(() => release().derived));
  // Absolute-form targets (`GET http://host/path`) in origin form before anything reads the path.
  app.use(requestTarget);
  // What a shared cache in front (Varnish, a CDN) may keep: decided last, when the headers go out.
  cache.setShared(sharedCacheSettings(env));
  app.use(sharedCacheHeaders((mark, status) => cache.sharedHeaders(mark, status)));
  app.use(healthRouter(database, diskSpace));
  // Before anything can write: a full disk hangs the embedded database for good.
  if (diskSpace) app.use(refuseWritesWhileDiskLow(diskSpace));
  // The cache, the old addresses and the caches in front follow every content write, here or on
  // another instance.
  const { purger, contentChanged } = contentChanges(context, cache);
  // Scheduled drafts of live items go live by themselves (server.ts starts the looks; tests call runDue).
  const drafts = draftScheduler(context, contentChanged);
  // Scheduled posts and pages go live by themselves, and items reach their unpublish dates: the cache
  // drops their families when one is due.
  cache.watchDue({
    tags: SCHEDULED_TAGS,
    now: () => clock().getTime(),
    nextDue: (tags) => nextDueTimes(context, tags),
  });

  app.use(
    STAFF_VARIANT_PATHS.map((p) => `/api${p}`),
    staffVariant,
  );
  app.use('/api', cache.publicReads);
  // Before compression: stored files carry a strong ETag and byte ranges of exactly these bytes.
  app.use(uploadsRouter(database.db));
  app.use(compression());

  // One signer for gated-download links: the JSON lead route and the HTML lead form hand out the same.
  const downloadTokens = createDownloadTokens(env.SECRET_KEY ? Buffer.from(env.SECRET_KEY) : undefined);
  // Newsletter confirmation and unsubscribe links: SECRET_KEY, else a key kept in the database.
  const newsletterTokens = createSubscriptionTokens(database.db, env.SECRET_KEY, clock);
  const api = express.Router();
  // Before the general body parser: these reports have their own, much smaller, size limit.
  api.use(
    underApi(CLIENT_ERRORS_PATH),
    clientErrorsRouter(context, counted, { rateLimitScale: env.RATE_LIMIT_SCALE }),
  );
  api.use(express.json({ limit: '100kb' }));
  // A staff write that succeeded drops the families it changed, before its answer leaves (so the
  // next read already misses). Failed writes, and everything anonymous, change nothing.
  // The route declares which (tagsDroppedBy: the content type's registry entry, say).
  api.use('/admin', (req, res, next) => {
    if (WRITE_METHODS.has(req.method)) {
      onHeaders(res, () => {
        const tags = tagsDroppedBy(res);
        if (tags.length && res.statusCode >= 200 && res.statusCode < 300 && res.locals.staffSession) {
          contentChanged(tags);
        }
      });
    }
    next();
  });
  // PUBLIC_URL: a Referer on its host is one of the site's pages (where a lead was sent from).
  const forms = { rateLimitScale: env.RATE_LIMIT_SCALE, publicUrl: env.PUBLIC_URL };
  api.use(underApi(API_PATHS.contacts), contactRouter(context, forms));
  api.use(underApi(API_PATHS.newsletter), newsletterRouter(context, { ...forms, tokens: newsletterTokens }));
  api.use(contentRouter(context, { tokens: downloadTokens, ...forms }));
  api.use(contentTypeReadsRouter(context));
  api.use(pageMetaRouter(context));
  api.use(socialCardRouter(context));
  api.use(publicSiteSettingsRouter(database.db));
  // Staff writes pushed to open CMS tabs, on every instance (GET /api/admin/events).
  api.use('/admin', adminRouter(context, staffEvents(database, log)));
  api.use(openApiRouter());
  api.use(() => {
    throw notFound('No such API route');
  });
  app.use('/api', api);

  // The public forms posted as HTML (before or without JavaScript): validated, stored, 303 to the page.
  app.use(
    formPostsRouter(context, {
      tokens: downloadTokens,
      newsletterTokens,
      rateLimitScale: env.RATE_LIMIT_SCALE,
    }),
  );
  // The pages the newsletter e-mails link to (confirm, unsubscribe; RFC 8058 one-click POST).
  app.use(subscriptionPagesRouter(database.db, newsletterTokens));

  // Server renders ask this same app for their pages' data (see site/render/internal-api.ts).
  const site = siteRouter(context, app, cache, { ...counted, renderFailed: canary.failure });
  app.use(oldAddresses(context.redirects));
  app.use(site);
  app.use((_req, res) => {
    res.status(404).type('text/plain').send('Not found');
  });
  app.use(errorHandler(log));

  // /healthz and public reads already in the cache are answered before Express routes anything,
  // with the same headers (front-door.ts): the chain's per-request work was most of their cost.
  const front = frontDoor({ records, securityHeaders: () => release().derived, cache });
  const routed = app as unknown as {
    handle: (req: IncomingMessage, res: ServerResponse, next?: unknown) => void;
  };
  const handle = routed.handle.bind(app);
  routed.handle = (req, res, next) => {
    if (!front(req, res)) handle(req, res, next);
  };
  /** Loads what the first page render needs; the server awaits it before it listens. */
  return Object.assign(app, {
    /** What the routers were handed (the release store, the preflight, …): commands and tests use it too. */
    context,
    canaryGuard: canary,
    /** Publishes scheduled drafts when due (start: every few seconds; runDue: now). */
    draftScheduler: drafts,
    /** The shared-cache purger (undefined without SHARED_CACHE_PURGE_URLS). */
    sharedCachePurger: purger,
    warmUp: async () => {
      await releases.ready;
      await site.warm();
    },
  });
}
