import express, { type Request, type Response } from 'express';
import { routePatternOf } from '../http/route-pattern';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { REMOTE_FOLDERS, type ClientErrorReport, type RemoteName } from '@agency/contracts';
import type { Database } from '../db/client';
import type { ReleaseStore } from '../releases/release-store';
import { cacheOutcome } from '../http/cached-answer';

/**
 * The versions each remote serves right now: its current release (`local` when it has none) and,
 * while a canary runs, the canary's version too. The one place metrics learn about releases.
 */
export function remoteVersions(
  releases: Pick<ReleaseStore, 'state'>,
): { remote: RemoteName; version: string }[] {
  const { remotes } = releases.state();
  return (Object.keys(REMOTE_FOLDERS) as RemoteName[]).flatMap((remote) => {
    const canary = remotes[remote]?.canary?.version;
    const current = remotes[remote]?.current ?? 'local';
    return [
      { remote, version: current },
      ...(canary && canary !== current ? [{ remote, version: canary }] : []),
    ];
  });
}

export interface Metrics {
  registry: Registry;
  /**
   * Times and counts one answered request that took `ms` by method, route pattern and status, and
   * counts public-cache hits (ops/request-log.ts calls it from its one listener per request).
   */
  record: (req: Request, res: Response, ms: number) => void;
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
  releases,
  processMetrics = false,
}: {
  database: Pick<Database, 'poolStats' | 'listenStatus'>;
  /** The app's release store: the versions each remote serves, for the labels. */
  releases: Pick<ReleaseStore, 'state'>;
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
  if (database.listenStatus) {
    const listenStatus = database.listenStatus;
    new Gauge({
      name: 'db_listen_connected',
      help: "The LISTEN link that hears other instances' changes: 1 listening, 0 connecting or reconnecting (public cache paused)",
      registers: [registry],
      collect() {
        this.set(listenStatus().state === 'listening' ? 1 : 0);
      },
    });
    new Counter({
      name: 'db_listen_reconnects_total',
      help: 'Times the LISTEN link was lost and restored (every cached answer was dropped each time)',
      registers: [registry],
      collect() {
        this.reset();
        this.inc(listenStatus().reconnects);
      },
    });
  }
  new Gauge({
    name: 'remote_version_info',
    help: 'The version each remote serves (value 1; the version is the label)',
    labelNames: ['remote', 'version'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const { remote, version } of remoteVersions(releases)) this.set({ remote, version }, 1);
    },
  });

  const clientErrors = new Counter({
    name: 'client_errors_total',
    help: 'Errors reported by browsers (POST /api/client-errors), by remote, remote version and kind',
    labelNames: ['remote', 'version', 'kind'] as const,
    registers: [registry],
  });
  const clientError: Metrics['clientError'] = ({ remote, version, kind }) => {
    const known = remoteVersions(releases).some((r) => r.remote === remote && r.version === version);
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

  const record: Metrics['record'] = (req, res, ms) => {
    const hit = cacheOutcome(res);
    if (hit === 'MISS' || hit === 'HIT') cache.inc({ result: hit === 'HIT' ? 'hit' : 'miss' });
    duration.observe(
      { method: req.method, route: routePatternOf(req), status: String(res.statusCode) },
      ms / 1000,
    );
  };

  return { registry, record, clientError, pageView };
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
