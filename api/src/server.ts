import http from 'node:http';
import { mkdirSync } from 'node:fs';
import { publicUrlProblem, readEnv } from './env';
import { createLogger } from './logger';
import { openDatabase } from './db/client';
import { DataDirLocked } from './db/data-dir-lock';
import { seedDatabase } from './seed';
import { convertHtmlPostBodies } from './content/html-post-bodies';
import { createApp } from './app';
import { schedulePurge } from './admin/trash-router';
import { adoptRetentionPlaceholder, scheduleLeadRetention } from './admin/lead-retention';
import { scheduleUnconfirmedPurge } from './newsletter/newsletter-subscriptions';
import { importUploads, legacyUploadsDir } from './files/import-uploads';
import { backfillDerivatives } from './files/uploaded-files';
import { createMetrics, metricsApp } from './ops/metrics';
import { openReleaseStore } from './releases/active-release-store';
import { startOutboxWorker } from './notifications/outbox-worker';
import { diskSpaceGuard, startWithoutRoom } from './ops/disk-space';

const env = (() => {
  try {
    return readEnv();
  } catch (err) {
    // A setting the server cannot run with: say which, without a stack trace, and do not start.
    console.error(`Refusing to start. ${(err as Error).message}`);
    process.exit(1);
  }
})();
const log = createLogger(env.LOG_LEVEL);
// A production start without PUBLIC_URL works (a bare machine, `npm start`), but every absolute link
// it writes would send visitors and crawlers to localhost: say so plainly, once, at the top.
const publicUrlWarning = publicUrlProblem(env);
if (publicUrlWarning) log.warn({ PUBLIC_URL: env.PUBLIC_URL }, publicUrlWarning);

// The embedded database hangs for good on a full disk: watch DATA_DIR's free space (with DATABASE_URL
// the disk is the database server's, watched there).
const watchDisk = !env.DATABASE_URL && env.DISK_FREE_FLOOR_MB > 0;
if (watchDisk) {
  mkdirSync(env.DATA_DIR, { recursive: true });
  const noRoom = startWithoutRoom(env.DATA_DIR, env.DISK_FREE_FLOOR_MB);
  if (noRoom) {
    console.error(noRoom);
    process.exit(1);
  }
}
const diskSpace = watchDisk
  ? diskSpaceGuard({ dir: env.DATA_DIR, floorMb: env.DISK_FREE_FLOOR_MB, log })
  : undefined;
diskSpace?.start();

const database = await openDatabase({
  databaseUrl: env.DATABASE_URL,
  dataDir: env.DATA_DIR,
  log,
  statementTimeoutMs: env.DB_STATEMENT_TIMEOUT_MS,
}).catch((err: unknown) => {
  if (err instanceof DataDirLocked) {
    console.error(`Refusing to start. ${err.message}`);
    process.exit(1);
  }
  throw err;
});
await importUploads(database.db, legacyUploadsDir(env.DATA_DIR), log);
if (env.SEED) await seedDatabase(database.db, log);
// Post bodies stored as HTML (older databases, API clients) become markdown once: one format.
const convertedPosts = await convertHtmlPostBodies(database.db);
if (convertedPosts) log.info({ convertedPosts }, 'blog post bodies converted from HTML to markdown');
// A privacy page seeded before the retention setting states the setting's period from now on (once).
if (await adoptRetentionPlaceholder(database.db))
  log.info('privacy page: the retention period now follows Settings');
// Responsive copies of library images that lack them (the seeded ones on a fresh site): once.
const derived = await backfillDerivatives(database.db);
if (derived) log.info({ images: derived }, 'responsive image copies made');
// With DATABASE_URL, releases are shared through the database; without it they stay in RELEASES_DIR.
const releases = openReleaseStore(env, database, { log });
const metrics = createMetrics({ database, releases, processMetrics: true });
const app = createApp({ env, database, log, releases, metrics, ...(diskSpace ? { diskSpace } : {}) });
const warmStart = performance.now();
await app.warmUp();
// A canary past its failure threshold (Settings) ends itself; every instance looks, one decides.
app.canaryGuard.start();
// Drafts of live items scheduled to go live: every instance looks every few seconds, one publishes each.
app.draftScheduler.start();
log.debug({ ms: Math.round(performance.now() - warmStart) }, 'server builds loaded');
// Items trashed more than 30 days ago go for good: now, then every hour.
const purge = schedulePurge(database.db, (err) => log.error({ err }, 'purging the trash failed'), {
  log,
  confirmed: env.TRASH_PURGE_CONFIRM,
  maxItems: env.TRASH_PURGE_MAX_ITEMS,
});
// Newsletter sign-ups never confirmed go 30 days after their last sign-up: now, then every hour.
const unconfirmedPurge = scheduleUnconfirmedPurge(database.db, log);
// Contact requests and resource leads past the period Settings name (the privacy page's): now, then daily.
const retention = scheduleLeadRetention(database.db, log);
// Lead e-mails and webhook calls waiting in the outbox: every instance sends what is due.
const outbox = startOutboxWorker({
  db: database.db,
  log,
  publicUrl: env.PUBLIC_URL,
  smtpUrl: env.SMTP_URL,
  mailFrom: env.MAIL_FROM,
  allowPrivateWebhooks: env.WEBHOOK_ALLOW_PRIVATE,
  leaseMs: env.OUTBOX_LEASE_SECONDS * 1000,
  soleInstance: database.kind === 'pglite',
});

// "localhost" answers on both loopback families, so http://localhost:3000 works whichever one a client tries first.
const hosts = env.HOST === 'localhost' ? ['127.0.0.1', '::1'] : [env.HOST];
const servers: http.Server[] = [];
for (const [i, host] of hosts.entries()) {
  const server = http.createServer(app);
  server.keepAliveTimeout = 5000;
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(env.PORT, host, () => resolve());
    });
    servers.push(server);
  } catch (err) {
    // A machine without IPv6 loopback still serves on 127.0.0.1.
    if (i === 0) throw err;
  }
}
log.info({ port: env.PORT, database: database.kind }, `Site ready on http://localhost:${env.PORT}`);
// The server builds are loaded (above); one render of the home page also warms the database, the code
// paths and the caches, so the first visitor gets a server-rendered page within its budget.
void fetch(`http://${hosts[0]!.includes(':') ? `[${hosts[0]}]` : hosts[0]}:${env.PORT}/`).then(
  (res) => res.body?.cancel(),
  (err: unknown) => log.debug({ err }, 'warm-up request failed'),
);

// Metrics on their own listener, on the loopback by default: never reachable through the site's port.
if (env.METRICS_PORT) {
  const server = http.createServer(metricsApp(metrics));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(env.METRICS_PORT, env.METRICS_HOST, () => resolve());
  });
  servers.push(server);
  log.info(`Metrics on http://${env.METRICS_HOST}:${env.METRICS_PORT}/metrics`);
}

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, 'draining in-flight requests');
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  await Promise.all(
    servers.map(
      (s) =>
        new Promise<void>((resolve) => {
          s.close(() => resolve());
          s.closeIdleConnections();
        }),
    ),
  );
  purge.stop();
  app.draftScheduler.stop();
  retention.stop();
  unconfirmedPurge.stop();
  diskSpace?.stop();
  // The notification being sent may finish (a few seconds); what is still held goes back to the queue.
  await outbox.stop(5000);
  app.context.rateLimits.stop();
  await database.close().catch(() => {});
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
