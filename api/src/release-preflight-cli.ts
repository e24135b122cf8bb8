// The preflight of `npm run promote` (scripts/promote.mjs, loaded through tsx): the same preflight the
// CMS runs before a promote (site/preflight.ts), in the command's own process: an app on the site's
// data (DATABASE_URL, else the PGlite folder in DATA_DIR) with the built shell and the release store the
// command uses, rendering each page of the remote with the stored version and with the live one.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { OWNER_NAME, REMOTE_FOLDERS, type PreflightReport, type RemoteName } from '@agency/contracts';
import { openDatabase } from './db/client';
import { DataDirLocked } from './db/data-dir-lock';
import { readEnv } from './env';
import { createLogger } from './logger';
import { createApp } from './app';
import { recordAudit } from './admin/audit';
import { openReleaseStore } from './releases/active-release-store';
import { databaseUrl } from './releases/release-cli';
import { overrideSummary, preflightLines, preflightSummary } from './releases/release-preflight';

export { overrideSummary, preflightLines, preflightSummary };

/** What the command does with the preflight: print its report, refuse, or record a forced promote. */
export type CommandPreflight =
  | { report?: undefined; note?: string; audit?: undefined; close: () => Promise<void> }
  | {
      report: PreflightReport;
      note?: undefined;
      /** Records a promote past a failed preflight (`--force`) in the audit, as the owner. */
      audit: (summary: string) => Promise<void>;
      close: () => Promise<void>;
    };

const nothing = async () => {};

/**
 * Runs the preflight of `remote@version` where the command can open the site's data. Not run (a `note`
 * says why, or nothing when there is no site here at all): the shell has no server build, DATA_DIR
 * holds no database yet, or the running server holds it (PGlite lets one process open it; the CMS's
 * Releases tab runs the preflight in the server then).
 */
export async function commandPreflight(
  releasesDir: string,
  remote: RemoteName,
  version: string,
): Promise<CommandPreflight> {
  // A DATABASE_URL that names no PostgreSQL server (the commands take an empty one as unset) is none.
  const url = databaseUrl();
  const { DATABASE_URL: _unused, ...rest } = process.env;
  const env = readEnv({
    ...rest,
    ...(url ? { DATABASE_URL: url } : {}),
    RELEASES_DIR: releasesDir,
    LOG_LEVEL: 'silent',
  });
  if (!existsSync(path.join(env.SITE_ROOT, 'shell', 'dist', 'server', 'entry-server.js')))
    return { note: 'Preflight not run: the shell has no server build here (npm run build).', close: nothing };
  if (!url && !existsSync(env.DATA_DIR)) return { close: nothing };
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase(url ? { databaseUrl: url } : { dataDir: env.DATA_DIR });
  } catch (err) {
    if (err instanceof DataDirLocked)
      return {
        note:
          'Preflight not run here: the running server holds DATA_DIR (PGlite opens in one process only). ' +
          "Promote from the CMS's Releases tab to have every page checked first.",
        close: nothing,
      };
    throw err;
  }
  const log = createLogger('silent');
  // The store the command uses (the same choice as the server's), handed to the app.
  const releases = openReleaseStore(env, database, { log });
  const close = async () => {
    releases.stop();
    await database.close().catch(() => {});
  };
  try {
    const app = createApp({ env, database, log, releases });
    await app.warmUp();
    const report = await app.context.preflight(remote, version);
    return {
      report,
      audit: (summary) =>
        recordAudit(database.db, log, {
          actor: { id: null, name: `${OWNER_NAME} (npm run promote)` },
          action: 'release.promote',
          entityType: REMOTE_FOLDERS[remote],
          summary,
        }),
      close,
    };
  } catch (err) {
    await close();
    throw err;
  }
}
