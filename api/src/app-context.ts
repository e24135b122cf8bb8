import type { Logger } from 'pino';
import type { Database, Db } from './db/client';
import type { Env } from './env';
import type { Clock } from './content/visibility';
import type { RateLimits } from './http/rate-limit';
import type { ContactStore } from './contact/contact-store';
import type { ReleaseStore } from './releases/release-store';
import type { SiteTables } from './releases/site-table';
import type { Preflight } from './releases/release-preflight';
import type { RedirectAnswers } from './admin/redirect-answers';

/**
 * What the routers and services of one app share, made once by createApp (app.ts) and handed to each
 * as an argument. A router declares the slice it needs (`Pick<AppContext, 'db' | 'clock'>`), so its
 * signature says what it reads and a test can see what to give it. Types only: every folder of api/src
 * may import this file, and the pieces stay in their own folders.
 */
export interface AppContext {
  env: Env;
  /** The database with its connection-level parts (LISTEN/NOTIFY, pool stats, close). */
  database: Database;
  /** `database.db`: what queries run on. */
  db: Db;
  log: Logger;
  /** "Now" for scheduled items, the trash and the cache (tests pass one they move). */
  clock: Clock;
  /** The counters of every rate limit (in memory on PGlite, in `rate_limits` on PostgreSQL). */
  rateLimits: RateLimits;
  /** The release store chosen at start: PostgreSQL with DATABASE_URL, else RELEASES_DIR on disk. */
  releases: ReleaseStore;
  /** The site's route tables, composed from the releases' pages. */
  siteTables: SiteTables;
  /** Renders a remote's pages with a stored version before a promote (site/preflight.ts). */
  preflight: Preflight;
  /** The redirects and Gone addresses, from memory (the Redirects API reloads them). */
  redirects: RedirectAnswers;
  /** Contact requests, group-committed. */
  contacts: ContactStore;
}
