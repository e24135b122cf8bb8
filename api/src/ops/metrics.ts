import express, { type Request, type RequestHandler } from 'express';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { REMOTE_FOLDERS, type ClientErrorReport, type RemoteName } from '@agency/contracts';
import type { Database } from '../db/client';
import type { Env } from '../env';
import { readReleaseState } from '../site/remotes-manifest';

/** The label of requests no route answered (static files, 404s): one value, so cardinality stays bounded. */
export const UNMATCHED = 'unmatched';

/**
 * The versions each remote serves right now: its current release (`local` when it has none) and,
 * while a canary runs, the canary's version too. The one place metrics learn about releases.
 */
export function remoteVersions(env: Env): { remote: RemoteName; version: string }[] {
  const { remotes } = readReleaseState(env, { fresh: false });
  return (Object.keys(REMOTE_FOLDERS) as RemoteName[]).flatMap((remote) => {
    const canary = remotes[remote]?.canary?.version;
    const current = remotes[remote]?.current ?? 'local';
    return [
      { remote, version: current },
      ...(canary && canary !== current ? [{ remote, version: canary }] : []),
    ];
  });
}

const routeSlot = Symbol('route');
const routePattern = Symbol('routePattern');
type PatternedRequest = Request & { [routeSlot]?: unknown; [routePattern]?: string };
const instrumented = new WeakSet<object>();

/**
 * Express tells which route answered (`req.route`) but not where its router was mounted, and by the
 * time the answer is finished that mount path is gone. So note both the moment the route matches:
 * an accessor on the app's request prototype (installed once) sees every `req.route = …`.
 */
function rememberRoutePatterns(requestPrototype: object) {
  if (instrumented.has(requestPrototype)) return;
  instrumented.add(requestPrototype);
  Object.defineProperty(requestPrototype, 'route', {
    configurable: true,
    get(this: PatternedRequest) {
      return this[routeSlot];
    },
    set(this: PatternedRequest, value: unknown) {
      this[routeSlot] = value;
      const path = (value as { path?: unknown } | undefined)?.path;
      if (typeof path === 'string') {
        this[routePattern] = path === '/' && this.baseUrl ? this.baseUrl : this.baseUrl + path;
      }
    },
  });
}

export interface Metrics {
  registry: Registry;
  /** Times and counts every request by method, route pattern and status; counts public-cache hits. */
  observe: RequestHandler;
  /**
   * Counts a client error by remote, version and kind, and answers the version it was counted under:
   * the reported one when it is a version this server knows for that remote, else `unknown` (the label
   * comes from the browser, so its values are bounded here).
   */
  clientError: (report: Pick<ClientErrorReport, 'remote' | 'version' | 'kind'>) => string;
  /** Counts a page answered (rendered or from the page cache) for the route's remote and its version. */
  pageView: (remote: RemoteName, version: string) => void;
}

export function createMetrics({
  database,
  env,
  processMetrics = false,
}: {
  database: Pick<Database, 'poolStats'>;
  env: Env;
  /** CPU, memory, event-loop lag, GC of this process (the server turns them on; tests need not). */
  processMetrics?: boolean;
}): Metrics {
  const registry = new Registry();
  if (processMetrics) collectDefaultMetrics({ register: registry });

  // Its _count series is the request count, by the same labels.
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status: time from request to the end of the answer',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const cache = new Counter({
    name: 'public_cache_requests_total',
    help: 'Public API reads answered from the in-memory cache (hit) or by the database (miss)',
    labelNames: ['result'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'db_pool_connections',
    help: 'Database connections: open (total), idle, and requests waiting for one (PGlite: one, always)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const stats = database.poolStats();
      this.set({ state: 'total' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });
  new Gauge({
    name: 'remote_version_info',
    help: 'The version each remote serves (value 1; the version is the label)',
    labelNames: ['remote', 'version'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const { remote, version } of remoteVersions(env)) this.set({ remote, version }, 1);
    },
  });

  const clientErrors = new Counter({
    name: 'client_errors_total',
    help: 'Errors reported by browsers (POST /api/client-errors), by remote, remote version and kind',
    labelNames: ['remote', 'version', 'kind'] as const,
    registers: [registry],
  });
  const clientError: Metrics['clientError'] = ({ remote, version, kind }) => {
    const known = remoteVersions(env).some((r) => r.remote === remote && r.version === version);
    const label = known ? version : 'unknown';
    clientErrors.inc({ remote, version: label, kind });
    return label;
  };

  const pageViews = new Counter({
    name: 'page_views_total',
    help: "Pages answered (rendered or from the page cache), by the route's remote and the version it got",
    labelNames: ['remote', 'version'] as const,
    registers: [registry],
  });
  const pageView: Metrics['pageView'] = (remote, version) => pageViews.inc({ remote, version });

  // A cache hit is answered before routing, so its pattern is the one its miss was routed to.
  const patternOfCachedPath = new Map<string, string>();

  const observe: RequestHandler = (req, res, next) => {
    const started = performance.now();
    rememberRoutePatterns(Object.getPrototypeOf(req) as object);
    // 'close' comes after 'finish', and also when the client leaves first.
    res.once('close', () => {
      let route = (req as PatternedRequest)[routePattern];
      const hit = res.getHeader('X-Cache');
      if (hit === 'MISS' || hit === 'HIT') {
        cache.inc({ result: hit === 'HIT' ? 'hit' : 'miss' });
        const path = req.originalUrl.split('?')[0]!;
        if (hit === 'HIT') route = patternOfCachedPath.get(path);
        else if (route) {
          if (patternOfCachedPath.size >= 1000) patternOfCachedPath.clear();
          patternOfCachedPath.set(path, route);
        }
      }
      duration.observe(
        { method: req.method, route: route ?? UNMATCHED, status: String(res.statusCode) },
        (performance.now() - started) / 1000,
      );
    });
    next();
  };

  return { registry, observe, clientError, pageView };
}

/** GET /metrics in the Prometheus text format; served on its own port (METRICS_PORT), never the site's. */
export function metricsApp(metrics: Metrics) {
  const app = express();
  app.disable('x-powered-by');
  app.get('/metrics', async (_req, res) => {
    res.setHeader('Content-Type', metrics.registry.contentType);
    res.setHeader('Cache-Control', 'no-store');
    res.end(await metrics.registry.metrics());
  });
  app.use((_req, res) => {
    res.status(404).type('text/plain').send('Not found');
  });
  return app;
}
