import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { bigint, pgSchema, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';
import { REPO_ROOT } from '../env';

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
}

/** Opens the database and brings its schema up to date (the same migrations for both kinds). */
export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const { Pool } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new Pool({ connectionString: opts.databaseUrl, max: 10, connectionTimeoutMillis: 5000 });
    // A client losing its connection must not crash the process: idle ones report to the pool, and a
    // checked-out one (killed mid-transaction) reports to itself after its query has already failed.
    pool.on('error', () => {});
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = drizzle(pool, { schema });
    await migrate(db, { migrationsFolder });
    // One connection listens on every channel (the pool's other connections stay for queries).
    const handlers = new Map<string, ((payload: string) => void)[]>();
    let listener: Promise<import('pg').PoolClient> | undefined;
    // A LISTEN still being set up must be finished (and its connection released) before the pool can end.
    const settingUp: Promise<unknown>[] = [];
    const listenerClient = () =>
      (listener ??= pool.connect().then(
        (client) => {
          client.on('error', () => {});
          client.on('notification', (msg) => {
            for (const h of handlers.get(msg.channel) ?? []) h(msg.payload ?? '');
          });
          return client;
        },
        (err: unknown) => {
          // No connection now: the next listen tries again.
          listener = undefined;
          throw err;
        },
      ));
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: async () => {
        await Promise.allSettled(settingUp);
        if (listener)
          await listener.then(
            (c) => c.release(),
            () => {},
          );
        await pool.end();
      },
      notify: async (channel, payload) => {
        await pool.query('select pg_notify($1, $2)', [channel, payload]);
      },
      ready: () => checkReady(db as unknown as Db),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      listen: (channel, onNotify) => {
        if (!CHANNEL.test(channel)) return Promise.reject(new Error(`bad channel ${channel}`));
        const setup = (async () => {
          const client = await listenerClient();
          const known = handlers.get(channel);
          handlers.set(channel, [...(known ?? []), onNotify]);
          if (!known) await client.query(`listen ${channel}`);
        })();
        settingUp.push(setup);
        return setup;
      },
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const dataDir = opts.dataDir ?? 'memory://';
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir);
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
    // PGlite lives inside this one process: there is no other instance to tell.
    notify: async () => {},
    listen: async () => {},
    ready: () => checkReady(db as unknown as Db),
    poolStats: () => ({ total: 1, idle: 1, waiting: 0 }),
  };
}
