import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mkdirSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  ping: () => Promise<void>;
  close: () => Promise<void>;
  /** Cross-instance signal (PostgreSQL NOTIFY); a no-op where one process owns the database. */
  notify: (channel: string) => Promise<void>;
  /** Calls `listener` when another instance notifies `channel`. */
  listen: (channel: string, listener: () => void) => Promise<void>;
}

const CHANNEL = /^[a-z_]+$/;

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

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
    // An idle client losing its connection must not crash the process.
    pool.on('error', () => {});
    const db = drizzle(pool, { schema });
    await migrate(db, { migrationsFolder });
    const listeners: import('pg').PoolClient[] = [];
    // A LISTEN connection still being set up must be finished (and released) before the pool can end.
    const settingUp: Promise<unknown>[] = [];
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: async () => {
        await Promise.allSettled(settingUp);
        for (const c of listeners.splice(0)) c.release();
        await pool.end();
      },
      notify: async (channel) => {
        await pool.query('select pg_notify($1, $2)', [channel, String(process.pid)]);
      },
      listen: (channel, listener) => {
        if (!CHANNEL.test(channel)) return Promise.reject(new Error(`bad channel ${channel}`));
        const setup = (async () => {
          const client = await pool.connect();
          listeners.push(client);
          client.on('notification', (msg) => {
            if (msg.channel === channel) listener();
          });
          client.on('error', () => {});
          await client.query(`listen ${channel}`);
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
  };
}
