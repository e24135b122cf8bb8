import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import type { DbTemplates } from './db-templates';

/** One read of each tarball per worker process; every test app then loads a copy from memory. */
const tarballs = new Map<string, Promise<Blob>>();

/**
 * The template a new test app starts from, or undefined (no globalSetup ran, e.g. another config,
 * or a PGlite data folder on disk was asked for: that one starts empty as before).
 */
export async function templateFor(opts: {
  seed: boolean;
  postgres: boolean;
  dataDir: string | undefined;
}): Promise<{ pglite?: Blob; postgres?: string; seeded: boolean } | undefined> {
  // TEST_DB_TEMPLATES=off: every test app creates and migrates its own database (as before).
  if (process.env.TEST_DB_TEMPLATES === 'off') return undefined;
  let templates: DbTemplates | undefined;
  try {
    templates = inject('dbTemplates');
  } catch {
    return undefined;
  }
  const which = opts.seed ? 'seeded' : 'migrated';
  if (opts.postgres) {
    const name = templates?.postgres?.[which];
    return name ? { postgres: name, seeded: opts.seed } : undefined;
  }
  if (opts.dataDir && !opts.dataDir.startsWith('memory://')) return undefined;
  const file = templates?.pglite?.[which];
  if (!file) return undefined;
  let blob = tarballs.get(file);
  if (!blob) {
    blob = readFile(file).then((bytes) => new Blob([bytes]));
    tarballs.set(file, blob);
  }
  return { pglite: await blob, seeded: opts.seed };
}
