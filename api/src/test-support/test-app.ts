import { openDatabase, type Database } from '../db/client';
import { createApp } from '../app';
import { readEnv, type Env } from '../env';
import { createLogger } from '../logger';
import { seedDatabase } from '../db/seed';

/**
 * A real app on a real database: in-memory PGlite by default, or the PostgreSQL named by
 * TEST_DATABASE_URL (each test app then gets its own schema-clean database state).
 */
export async function createTestApp(opts: { seed?: boolean; env?: Partial<Env> } = {}) {
  const env: Env = { ...readEnv({ LOG_LEVEL: 'silent' }), ...opts.env };
  const databaseUrl = process.env.TEST_DATABASE_URL;
  const pg = databaseUrl ? await freshPostgresDatabase(databaseUrl) : undefined;
  const database: Database = await openDatabase(pg ? { databaseUrl: pg.url } : { dataDir: 'memory://' });
  const log = createLogger('silent');
  if (opts.seed) await seedDatabase(database.db, log);
  const app = createApp({ env, database, log });
  const close = async () => {
    await database.close();
    await pg?.drop();
  };
  return { app, database, db: database.db, env, log, close };
}

let counter = 0;
/** Creates an empty database on the server so suites never see each other's rows. */
async function freshPostgresDatabase(url: string) {
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
  await onServer(`create database ${name}`);
  const u = new URL(url);
  u.pathname = `/${name}`;
  return { url: u.toString(), drop: () => onServer(`drop database if exists ${name} with (force)`) };
}
