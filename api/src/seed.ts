import type { Logger } from 'pino';
import type { Db } from './db/client';
import { seedMarketing } from './content/marketing-seed';
import { seedContent } from './content/content-seed';
import { convertHtmlPostBodies } from './content/html-post-bodies';
import { seedAdmin } from './admin/admin-seed';

/**
 * Fills demo content into empty tables; each feature seeds only tables that are empty,
 * so running it again (every start) changes nothing.
 */
export async function seedDatabase(db: Db, log: Logger): Promise<void> {
  await seedMarketing(db);
  await seedContent(db);
  // The seed's posts are written in the spec's HTML format: stored as markdown, like every post.
  await convertHtmlPostBodies(db);
  await seedAdmin(db);
  log.debug('seed: done');
}
