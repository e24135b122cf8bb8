import type { Logger } from 'pino';
import type { Db } from './client';
import { seedMarketing } from '../marketing/marketing-seed';
import { seedContent } from '../content/content-seed';
import { seedAdmin } from '../admin/admin-seed';

/**
 * Fills demo content into empty tables; each feature seeds only tables that are empty,
 * so running it again (every start) changes nothing.
 */
export async function seedDatabase(db: Db, log: Logger): Promise<void> {
  await seedMarketing(db);
  await seedContent(db);
  await seedAdmin(db);
  log.debug('seed: done');
}
