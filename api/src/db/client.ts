import path from 'node:path';
import { AsyncLocalStorage } from 'node:async_hooks';
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

/** Pool connections writers never take (reads, /readyz), out of POOL_SIZE. */
export const POOL_SIZE = 10;
export const READER_RESERVE = 3;

/** A write statement: it may wait on a row or table lock while it holds its connection. */
const WRITE_STATEMENT =
  /^\s*(insert|update|delete|merge|lock)\b|^\s*with\b[\s\S]*\b(insert|update|delete)\b/i;

/**
 * Except a request's rate-limit counter (one upsert on a table nobody locks, taken by reads too: an
 * uncached page render counts one).
 */
const COUNTER_STATEMENT = /^\s*insert into "rate_limits"/i;

/**
 * The transaction (db.transaction) the current code runs in, once it holds a writer's slot: what it
 * writes through the pool meanwhile (a key stored on first use, say) is part of the same writer, and
 * must not wait for a second slot that the transactions holding them all may never free.
 */
const writerScope = new AsyncLocalStorage<{ admitted: boolean }>();

/** Runs drizzle's transactions in a writer scope (see writerScope). */
function scopeTransactions(db: { transaction: (...args: never[]) => Promise<unknown> }) {
  const transaction = db.transaction.bind(db);
  db.transaction = ((...args: never[]) =>
    writerScope.getStore()
      ? transaction(...args)
      : writerScope.run({ admitted: false }, () => transaction(...args))) as typeof db.transaction;
}

/**
 * A pg Pool whose writers (write statements, and transactions: `connect()` without a callback is
 * what drizzle's `transaction` calls) hold at most `max - readerReserve` connections at once. Writes
 * queued on a locked table then cannot take every connection: reads and /readyz keep the reserve.
 * A writer waits for a slot at most `connectionTimeoutMillis`, then fails like a pool that has no
 * connection to give (the error handler answers 503 with Retry-After).
 */
function writerBoundPool(Base: typeof import('pg').Pool) {
  type Config = ConstructorParameters<typeof import('pg').Pool>[0] & { readerReserve: number };
  // The name ends in "Pool": drizzle recognises a pool by it (and checks a transaction's client out).
  return class WriterBoundPool extends Base {
    #slots: number;
    #waiting: (() => void)[] = [];
    #waitMs: number;
    constructor(config: Config) {
      const { readerReserve, ...rest } = config;
      super(rest);
      this.#slots = Math.max(1, (rest.max ?? 10) - readerReserve);
      this.#waitMs = rest.connectionTimeoutMillis ?? 5000;
    }
    /** Resolves once a writer's slot is free (then held until `#release`). */
    #acquire(): Promise<void> {
      if (this.#slots > 0) {
        this.#slots--;
        return Promise.resolve();
      }
      return new Promise((resolve, reject) => {
        const granted = () => {
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          this.#waiting.splice(this.#waiting.indexOf(granted), 1);
          reject(new Error('timeout exceeded when trying to connect (every writer slot is taken)'));
        }, this.#waitMs);
        this.#waiting.push(granted);
      });
    }
    #release(): void {
      const next = this.#waiting.shift();
      if (next) next();
      else this.#slots++;
    }
    // @ts-expect-error pg's overloads (callback or promise) are narrower than this one implementation.
    override connect(cb?: (...args: unknown[]) => void) {
      // With a callback: pg's own `query` checking a connection out (gated there, by statement).
      if (cb) return super.connect(cb as never);
      const scope = writerScope.getStore();
      // A transaction inside an admitted writer's scope: that writer's slot covers it.
      if (scope?.admitted) return super.connect();
      if (scope) scope.admitted = true;
      return this.#acquire().then(async () => {
        let client;
        try {
          client = await super.connect();
        } catch (err) {
          this.#release();
          throw err;
        }
        const release = client.release.bind(client);
        let released = false;
        client.release = (err?: Error | boolean) => {
          if (!released) {
            released = true;
            this.#release();
          }
          return release(err);
        };
        return client;
      });
    }
    // @ts-expect-error as for connect.
    override query(text: unknown, values?: unknown, cb?: unknown) {
      const statement = typeof text === 'string' ? text : (text as { text?: string } | null)?.text;
      if (
        typeof cb === 'function' ||
        typeof values === 'function' ||
        !statement ||
        !WRITE_STATEMENT.test(statement) ||
        COUNTER_STATEMENT.test(statement) ||
        writerScope.getStore()?.admitted
      )
        return (super.query as (...args: unknown[]) => unknown).call(this, text, values, cb);
      return this.#acquire().then(async () => {
        try {
          return await (super.query as (...args: unknown[]) => Promise<unknown>).call(this, text, values);
        } finally {
          this.#release();
        }
      });
    }
  };
}

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
    const pool = new (writerBoundPool(Pool))({
      connectionString: opts.databaseUrl,
      max: POOL_SIZE,
      connectionTimeoutMillis: 5000,
      readerReserve: READER_RESERVE,
      // Bounded waits: the server cancels a statement (lock waits included) after timeoutMs, and the
      // client stops waiting a little later when the server itself is frozen and cannot cancel anything.
      statement_timeout: timeoutMs,
      query_timeout: timeoutMs + 2000,
    });
    // A client losing its connection must not crash the process: idle ones report to the pool, and a
    // checked-out one (killed mid-transaction) reports to itself after its query has already failed.
    pool.on('error', () => {});
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = drizzle(pool as unknown as InstanceType<typeof Pool>, { schema });
    scopeTransactions(db);
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
