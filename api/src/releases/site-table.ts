import path from 'node:path';
import { readFile, stat } from 'node:fs/promises';
import type { Logger } from 'pino';
import {
  REMOTE_FOLDERS,
  REMOTE_NAMES,
  composeSiteRoutes,
  matchRoute,
  movedTo,
  readRemotePages,
  reservedSlugsOf,
  type RemoteName,
  type RemoteOverrides,
  type RemotePage,
  type RouteConflict,
  type RouteMatch,
  type SiteRoute,
} from '@agency/contracts';
import type { Env } from '../env';
import { currentVersions } from './release-state';
import type { ReleaseStore } from './release-store';

/** The file a remote's build publishes beside its entry (packages/federation-config/publish-pages.ts). */
export const PAGES_FILE = 'pages.json';

/** The site's route table for one set of remote versions, composed from their pages. */
export interface SiteTable {
  routes: SiteRoute[];
  /** Pages a release claimed that another owner serves: left out (the release commands refuse them). */
  conflicts: RouteConflict[];
  match(pathname: string): RouteMatch | undefined;
  /** Where a page that moved (its `movedFrom`) lives now: a 301 for the old address. */
  movedTo(pathname: string): string | undefined;
  /** Slugs a CMS page may not take: every fixed route's first segment and the server's own paths. */
  reservedSlugs: readonly string[];
}

export function siteTableOf(pages: Partial<Record<RemoteName, readonly RemotePage[]>>): SiteTable {
  const { routes, conflicts } = composeSiteRoutes(pages);
  return {
    routes,
    conflicts,
    match: (pathname) => matchRoute(routes, pathname),
    movedTo: (pathname) => movedTo(routes, pathname),
    reservedSlugs: reservedSlugsOf(routes),
  };
}

/** What one build publishes: its pages, or undefined (no pages.json: a build from before them). */
function pagesFromFile(
  text: string | undefined,
  where: string,
  log?: Pick<Logger, 'warn'>,
): RemotePage[] | undefined {
  if (text === undefined) return undefined;
  const read = readRemotePages(text);
  if (!read) {
    log?.warn({ where }, 'pages.json is not a list of pages; serving the pages the remote had before');
    return undefined;
  }
  for (const problem of read.problems) log?.warn({ where, problem }, 'pages.json: a page left out');
  return read.pages;
}

/** Where the locally built remote's pages are (its browser build's dist folder). */
const localPagesFile = (siteRoot: string, remote: RemoteName) =>
  path.join(siteRoot, REMOTE_FOLDERS[remote], 'dist', PAGES_FILE);

/**
 * The pages `remote` publishes at `version` (a stored release), or in its local build under
 * `siteRoot` when no version is given; undefined when there is no pages.json (a build from before it).
 */
export async function readPagesOf(
  store: ReleaseStore,
  siteRoot: string,
  remote: RemoteName,
  version: string | undefined,
  log?: Pick<Logger, 'warn'>,
): Promise<RemotePage[] | undefined> {
  const text = version
    ? await store.readFile(remote, version, PAGES_FILE)
    : await readFile(localPagesFile(siteRoot, remote), 'utf8').catch(() => undefined);
  return pagesFromFile(text, `${remote}@${version ?? 'local'}`, log);
}

const LOCAL_RECHECK_MS = 1000;

/** Route tables by versions, and the current releases' (see siteTables). */
export interface SiteTables {
  tableFor(versions: RemoteOverrides): Promise<SiteTable>;
  live(): Promise<SiteTable>;
}

/**
 * The route tables of one app (made once, in createApp: the AppContext's `siteTables`): composed at
 * run time from the pages of each remote's version (a release's `pages.json` in `store`, the local
 * build's in its dist folder under SITE_ROOT), per set of versions (the current releases, a visitor's canary draws, a staff preview).
 * A release's pages never change: read once per version. The local build's are read again when its
 * file changes (a rebuild).
 */
export function siteTables(env: Env, store: ReleaseStore, log?: Pick<Logger, 'warn'>): SiteTables {
  const released = new Map<string, Promise<RemotePage[] | undefined>>();
  const local = new Map<
    RemoteName,
    { mtimeMs: number; checked: number; pages: Promise<RemotePage[] | undefined> }
  >();
  const composed = new Map<string, SiteTable>();

  /** The local build's pages; its file is looked at again at most once a second (every page asks). */
  async function localPages(remote: RemoteName): Promise<RemotePage[] | undefined> {
    const cached = local.get(remote);
    if (cached && Date.now() - cached.checked < LOCAL_RECHECK_MS) return cached.pages;
    const mtimeMs = await stat(localPagesFile(env.SITE_ROOT, remote)).then(
      (s) => s.mtimeMs,
      () => -1,
    );
    if (cached?.mtimeMs === mtimeMs) {
      cached.checked = Date.now();
      return cached.pages;
    }
    const pages =
      mtimeMs < 0 ? Promise.resolve(undefined) : readPagesOf(store, env.SITE_ROOT, remote, undefined, log);
    local.set(remote, { mtimeMs, checked: Date.now(), pages });
    return pages;
  }

  function pagesOf(remote: RemoteName, version: string | undefined): Promise<RemotePage[] | undefined> {
    if (!version) return localPages(remote);
    const key = `${remote}@${version}`;
    let pages = released.get(key);
    if (!pages) {
      pages = readPagesOf(store, env.SITE_ROOT, remote, version, log);
      // A failed read (the database away) is not remembered: the next request reads again.
      pages.catch(() => released.delete(key));
      released.set(key, pages);
    }
    return pages;
  }

  /** The table for `versions` (site/remotes-manifest.ts requestVersions: a missing remote is its local build). */
  async function tableFor(versions: RemoteOverrides): Promise<SiteTable> {
    const all = await Promise.all(REMOTE_NAMES.map((name) => pagesOf(name, versions[name])));
    // Composed once per combination of what each remote publishes: a release's pages never change,
    // the local build's are a new array when its file changes.
    let key = '';
    all.forEach((p, i) => {
      const name = REMOTE_NAMES[i]!;
      key += `${name}@${versions[name] ?? `local#${local.get(name)?.mtimeMs ?? -1}`}${p ? '' : '(legacy)'}|`;
    });
    let table = composed.get(key);
    if (!table) {
      const pages: Partial<Record<RemoteName, RemotePage[]>> = {};
      all.forEach((p, i) => {
        if (p) pages[REMOTE_NAMES[i]!] = p;
      });
      table = siteTableOf(pages);
      if (composed.size > 64) composed.clear();
      composed.set(key, table);
    }
    return table;
  }

  /** The current releases' table (no canary, no preview): the sitemap, CMS slugs, form return paths. */
  const live = (): Promise<SiteTable> => tableFor(currentVersions(store.state()));

  return { tableFor, live };
}
