import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { bigint, pgSchema, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';
import { REPO_ROOT } from '../env';
import { lockDataDir } from './data-dir-lock';
import { notificationListener, type ListenState, type ListenStatus } from './notification-listener';
import type { Logger } from 'pino';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  ping: () => Promise<void>;
  close: () => Promise<void>;
  /** Cross-instance signal (PostgreSQL NOTIFY) with a short payload; a no-op where one process owns the database. */
  notify: (channel: string, payload: string) => Promise<void>;
  /** Calls `listener` with the payload when an instance notifies `channel`. */
  listen: (channel: string, listener: (payload: string) => void) => Promise<void>;
  /** Resolves when the database answers and has every migration this code ships; throws otherwise. */
  ready: () => Promise<void>;
  /** Connections in use and waiting (PGlite has exactly one, always there). */
  poolStats: () => { total: number; idle: number; waiting: number };
  /** The LISTEN link's state (PostgreSQL only: PGlite has no other instance to hear). */
  listenStatus?: () => ListenStatus;
  /** Calls `fn` when the LISTEN link is lost or restored (PostgreSQL only). */
  onListenState?: (fn: (state: ListenState) => void) => void;
}

/** How long one statement may run (lock waits included) before it is cancelled: a request never waits longer. */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 10_000;

/** The schema is behind this code: another deployment's database, or one restored from an old backup. */
export class MigrationsPending extends Error {}

/** Where drizzle records applied migrations (not part of schema.ts: drizzle-kit owns it). */
const appliedMigrations = pgSchema('drizzle').table('__drizzle_migrations', {
  createdAt: bigint('created_at', { mode: 'number' }),
});

const CHANNEL = /^[a-z_]+$/;

// From the repository root: the compiled server (api/dist/server.js) lies at another depth than this file.
const migrationsFolder = path.join(REPO_ROOT, 'api', 'drizzle');

/** The newest migration this code ships (drizzle records each by its folder timestamp). */
const newestMigration = Math.max(0, ...readMigrationFiles({ migrationsFolder }).map((m) => m.folderMillis));

async function checkReady(db: Db) {
  const [row] = await db
    .select({ newest: sql<string | null>`max(${appliedMigrations.createdAt})` })
    .from(appliedMigrations);
  if (Number(row?.newest ?? 0) < newestMigration)
    throw new MigrationsPending('database migrations are pending');
}

export interface OpenOptions {
  /** postgres://… uses that server; otherwise PGlite. */
  databaseUrl?: string | undefined;
  /** PGlite data folder; `memory://` for an in-memory database. */
  dataDir?: string | undefined;
  /**
   * PGlite only: start from this data-folder tarball (PGlite's dumpDataDir) instead of an empty
   * cluster. Tests use a copy of one migrated database instead of migrating each time.
   */
  loadDataDir?: Blob | undefined;
  /** Where the LISTEN link reports losing and regaining its connection. */
  log?: Logger | undefined;
  /** PostgreSQL: the per-statement bound (default DEFAULT_STATEMENT_TIMEOUT_MS). */
  statementTimeoutMs?: number | undefined;
}

/** Opens the database and brings its schema up to date (the same migrations for both kinds). */
export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const { Pool } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    // Migrations run on their own short-lived connection, without the per-statement bound below
    // (rewriting a large table may take longer than a request ever should).
    const migrator = new Pool({ connectionString: opts.databaseUrl, max: 1, connectionTimeoutMillis: 5000 });
    migrator.on('error', () => {});
    try {
      await migrate(drizzle(migrator, { schema }), { migrationsFolder });
    } finally {
      await migrator.end();
    }
    const timeoutMs = opts.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
    const pool = new Pool({
      connectionString: opts.databaseUrl,
      max: 10,
      connectionTimeoutMillis: 5000,
      // Bounded waits: the server cancels a statement (lock waits included) after timeoutMs, and the
      // client stops waiting a little later when the server itself is frozen and cannot cancel anything.
      statement_timeout: timeoutMs,
      query_timeout: timeoutMs + 2000,
    });
    // A client losing its connection must not crash the process: idle ones report to the pool, and a
    // checked-out one (killed mid-transaction) reports to itself after its query has already failed.
    pool.on('error', () => {});
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = drizzle(pool, { schema });
    // One dedicated connection listens on every channel, and heals (see notification-listener.ts).
    const listener = notificationListener(opts.databaseUrl, { log: opts.log });
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: async () => {
        await listener.close();
        await pool.end();
      },
      notify: async (channel, payload) => {
        await pool.query('select pg_notify($1, $2)', [channel, payload]);
      },
      ready: () => checkReady(db as unknown as Db),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      listen: (channel, onNotify) => {
        if (!CHANNEL.test(channel)) return Promise.reject(new Error(`bad channel ${channel}`));
        return listener.listen(channel, onNotify);
      },
      listenStatus: listener.status,
      onListenState: listener.onState,
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const dataDir = opts.dataDir ?? 'memory://';
  let unlock = () => {};
  if (!dataDir.startsWith('memory://')) {
    mkdirSync(dataDir, { recursive: true });
    // One process per folder: a second server on it would lose and duplicate rows.
    unlock = await lockDataDir(dataDir);
  }
  let client: import('@electric-sql/pglite').PGlite;
  try {
    client = await PGlite.create(dataDir, opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {});
  } catch (err) {
    unlock();
    throw err;
  }
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    close: async () => {
      try {
        await client.close();
      } finally {
        unlock();
      }
    },
    // PGlite lives inside this one process: there is no other instance to tell.
    notify: async () => {},
    listen: async () => {},
    ready: () => checkReady(db as unknown as Db),
    poolStats: () => ({ total: 1, idle: 1, waiting: 0 }),
  };
}
