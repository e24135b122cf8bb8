import type { Logger } from 'pino';
import { openDatabase, type Database } from '../db/client';
import { createApp } from '../app';
import { readEnv, type Env } from '../env';
import { createLogger } from '../logger';
import { seedDatabase } from '../seed';
import { createMetrics } from '../ops/metrics';
import { openReleaseStore } from '../releases/active-release-store';
import { createPublicCache } from '../http/public-cache';
import type { Clock } from '../content/visibility';
import { templateFor } from './db-template-copy';

/**
 * A real app on a real database: in-memory PGlite by default, or the PostgreSQL named by
 * TEST_DATABASE_URL (each test app then gets its own schema-clean database state).
 */
export async function createTestApp(
  opts: {
    seed?: boolean;
    env?: Partial<Env>;
    /** A PGlite folder instead of memory (to reopen it after closing); ignored on PostgreSQL. */
    dataDir?: string;
    /** Where log lines go (default: nowhere). */
    log?: Logger;
    /** The app's "now" (default: the system clock). */
    clock?: Clock;
  } = {},
) {
  const env: Env = { ...readEnv({ LOG_LEVEL: 'silent' }), ...opts.env };
  const databaseUrl = process.env.TEST_DATABASE_URL;
  // A copy of the run's migrated (or seeded) database when the Vitest globalSetup built one.
  const template = await templateFor({ seed: !!opts.seed, postgres: !!databaseUrl, dataDir: opts.dataDir });
  const pg = databaseUrl ? await freshPostgresDatabase(databaseUrl, template?.postgres) : undefined;
  const database: Database = await openDatabase(
    pg
      ? { databaseUrl: pg.url, statementTimeoutMs: env.DB_STATEMENT_TIMEOUT_MS }
      : { dataDir: opts.dataDir ?? 'memory://', loadDataDir: template?.pglite },
  );
  const log = opts.log ?? createLogger('silent');
  if (opts.seed && !template?.seeded) await seedDatabase(database.db, log);
  const releases = openReleaseStore(env, database, { log });
  const metrics = createMetrics({ database, releases });
  const cache = createPublicCache({
    backstopMs: env.CACHE_MAX_AGE_SECONDS * 1000,
    staleMs: env.CACHE_STALE_SECONDS * 1000,
  });
  const app = createApp({
    env,
    database,
    log,
    releases,
    metrics,
    cache,
    ...(opts.clock ? { clock: opts.clock } : {}),
  });
  await linkUp(database);
  await dueTimesRead(cache);
  const close = async () => {
    app.context.rateLimits.stop();
    await database.close().catch(() => {});
    await pg?.drop();
  };
  /** The PostgreSQL database this app uses (undefined on PGlite). */
  const postgresUrl = pg?.url;
  return {
    app,
    context: app.context,
    database,
    db: database.db,
    env,
    log,
    metrics,
    cache,
    postgresUrl,
    close,
  };
}

/**
 * What a test app waits for (each at most 10 s), as a started server is past both before its first
 * visitor. On a busy machine either took longer than a test's first request, whose second then missed
 * the cache (seen in metrics and front-door tests beside e2e):
 * - on PostgreSQL the public cache keeps nothing until the LISTEN link that tells it of changes is up
 *   (a test that breaks the link on purpose goes on without it);
 * - until the start's read of the scheduled due times has answered, the cache keeps no answer of
 *   those families (one might outlive a due time).
 */
const linkUp = (database: Database) =>
  settled(() => !database.listenStatus || database.listenStatus().state === 'listening');
const dueTimesRead = (cache: { readingDueTimes(): boolean }) => settled(() => !cache.readingDueTimes());

async function settled(done: () => boolean, ms = 10_000) {
  const until = Date.now() + ms;
  while (!done() && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
}

let counter = 0;
/**
 * Creates a database on the server so suites never see each other's rows: empty, or a copy of a
 * template database (migrated, or seeded) when one is given.
 */
async function freshPostgresDatabase(url: string, template?: string) {
  const { Client } = await import('pg');
  const name = `t_${process.pid}_${Date.now()}_${counter++}`;
  const onServer = async (statement: string) => {
    const admin = new Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(statement);
    } finally {
      await admin.end();
    }
  };
  if (!template) await onServer(`create database ${name}`);
  else {
    // The server refuses a template that another session is still copying or connected to: briefly.
    for (let attempt = 0; ; attempt++) {
      try {
        await onServer(`create database ${name} template ${template}`);
        break;
      } catch (err) {
        if (attempt >= 20 || !/being accessed by other users/.test(String(err))) throw err;
        await new Promise((r) => setTimeout(r, 50 + attempt * 50));
      }
    }
  }
  const u = new URL(url);
  u.pathname = `/${name}`;
  return { url: u.toString(), drop: () => onServer(`drop database if exists ${name} with (force)`) };
}
