import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Migrate once, copy per test app: the database every test app starts from is built once per test
 * run (by the Vitest globalSetup below), in two variants: migrated, and migrated + seeded.
 * - PGlite: a tarball of the data folder (PGlite's dumpDataDir); createTestApp loads a copy into
 *   memory (loadDataDir), about half the time of creating and migrating a cluster.
 * - PostgreSQL (TEST_DATABASE_URL): two template databases; createTestApp runs
 *   `create database … template …`, a file copy on the server.
 * createTestApp still runs the migrations on the copy: a no-op when the template is current.
 */
export interface DbTemplates {
  /** PGlite tarballs (absolute paths). */
  pglite?: { migrated: string; seeded: string };
  /** PostgreSQL template database names, on the server of TEST_DATABASE_URL. */
  postgres?: { migrated: string; seeded: string };
}

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplates: DbTemplates;
  }
}

/** Shared by every project of one run (the api and security projects each run this setup). */
const runKey = `agency-db-templates-${process.pid}`;
const folder = path.join(tmpdir(), runKey);

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

async function buildPglite(): Promise<NonNullable<DbTemplates['pglite']>> {
  const migrated = path.join(folder, 'migrated.tar');
  const seeded = path.join(folder, 'seeded.tar');
  if (existsSync(migrated) && existsSync(seeded)) return { migrated, seeded };
  const { openDatabase } = await import('../db/client');
  const { seedDatabase } = await import('../seed');
  const { createLogger } = await import('../logger');
  // Folders of runs that were killed before their teardown (42 MB each).
  for (const name of readdirSync(tmpdir())) {
    const pid = Number(/^agency-db-templates-(\d+)$/.exec(name)?.[1]);
    if (pid && !alive(pid)) rmSync(path.join(tmpdir(), name), { recursive: true, force: true });
  }
  mkdirSync(folder, { recursive: true });
  const database = await openDatabase({ dataDir: 'memory://' });
  const client = (database.db as unknown as { $client: import('@electric-sql/pglite').PGlite }).$client;
  const dump = async (file: string) => {
    const blob = await client.dumpDataDir('none');
    // Written under another name first: a reader never sees half a file.
    writeFileSync(`${file}.part`, Buffer.from(await blob.arrayBuffer()));
    renameSync(`${file}.part`, file);
  };
  await dump(migrated);
  await seedDatabase(database.db, createLogger('silent'));
  await dump(seeded);
  await database.close();
  return { migrated, seeded };
}

async function onServer(url: string, statement: string) {
  const { Client } = await import('pg');
  const admin = new Client({ connectionString: url });
  await admin.connect();
  try {
    return await admin.query(statement);
  } finally {
    await admin.end();
  }
}

const withDatabase = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

async function buildPostgres(url: string): Promise<NonNullable<DbTemplates['postgres']>> {
  const migrated = `tpl_${process.pid}_migrated`;
  const seeded = `tpl_${process.pid}_seeded`;
  const exists = await onServer(url, `select 1 from pg_database where datname = '${seeded}'`);
  if (exists.rowCount) return { migrated, seeded };
  const { openDatabase } = await import('../db/client');
  const { seedDatabase } = await import('../seed');
  const { createLogger } = await import('../logger');
  for (const name of [migrated, seeded]) {
    await onServer(url, `drop database if exists ${name} with (force)`);
    await onServer(url, `create database ${name}`);
    const database = await openDatabase({ databaseUrl: withDatabase(url, name) });
    if (name === seeded) await seedDatabase(database.db, createLogger('silent'));
    await database.close();
  }
  return { migrated, seeded };
}

/** Vitest globalSetup (api and security projects). */
export default async function setup({
  provide,
}: {
  provide: (key: 'dbTemplates', value: DbTemplates) => void;
}) {
  const url = process.env.TEST_DATABASE_URL;
  // Both projects' setups run in Vitest's main process: whichever comes first builds, the other waits.
  const shared = globalThis as { agencyDbTemplates?: Promise<DbTemplates> };
  shared.agencyDbTemplates ??= url
    ? buildPostgres(url).then((postgres) => ({ postgres }))
    : buildPglite().then((pglite) => ({ pglite }));
  const templates = await shared.agencyDbTemplates;
  provide('dbTemplates', templates);
  return async () => {
    rmSync(folder, { recursive: true, force: true });
    if (url && templates.postgres) {
      for (const name of [templates.postgres.migrated, templates.postgres.seeded])
        await onServer(url, `drop database if exists ${name} with (force)`).catch(() => {});
    }
  };
}
