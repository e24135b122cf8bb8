import pLimit from 'p-limit';
import { asc } from 'drizzle-orm';
import {
  REMOTE_FOLDERS,
  type PreflightPage,
  type PreflightReport,
  type RemoteName,
  type RemoteOverrides,
  type SiteRoute,
  type SitemapItemType,
} from '@agency/contracts';
import type { AppContext } from '../app-context';
import { resources } from '../db/schema';
import { ITEM_TABLES, type SlugTable } from '../content/item-tables';
import { CONTENT_ENTRIES } from '../content/content-type-entries';
import { visibleRows } from '../content/visibility';
import type { SiteTables } from '../releases/site-table';
import { requestVersions } from './remotes-manifest';
import { RENDER_CAP_FACTOR, within } from './render/render-flight';
import type { PageCheck } from './render/page-check';

/**
 * Preflight of a release (issue 40 item 3): before a stored version of a remote goes live or starts a
 * canary, every page the remote serves is rendered on the server with that version and with the live
 * one (pageRenderer's checkPage: the very render visitors get), and compared. A page blocks the
 * promote when the staged version throws or reports a failed region there and the live one does not,
 * answers a 5xx, answers another status, loses its main heading (`<h1>`) or breaks the hydration
 * contract (server-build-contract.ts). A page that fails the same way on the live version is not the
 * release's doing and does not block it; nor does a page the release adds (404 on the live version).
 * A page that got worse is checked again once, and blocks only when it is worse both times.
 */

/** Published items checked per parameterised page (the newest first, as the site lists them). */
export const PREFLIGHT_ITEM_CAP = 50;
/** Pages rendered at once (each with both versions): the renders share this process with visitors. */
export const PREFLIGHT_CONCURRENCY = 6;

/** The page checker of the app's site (pageRenderer's checkPage). */
export type PageChecker = (pagePath: string, versions: RemoteOverrides) => Promise<PageCheck>;

/**
 * The pages `remote` serves at `versions`: its part of the route table composed from those versions'
 * pages (releases/site-table.ts), so a staged release's new pages are checked too. The one place
 * preflight reads the table.
 */
export async function remoteRoutes(
  siteTables: SiteTables,
  remote: RemoteName,
  versions: RemoteOverrides,
): Promise<readonly SiteRoute[]> {
  return (await siteTables.tableFor(versions)).routes.filter((r) => r.remote === remote);
}

type ItemSource = (app: Pick<AppContext, 'db' | 'clock'>) => Promise<Record<string, string>[]>;
const slugs =
  (table: SlugTable): ItemSource =>
  async ({ db, clock }) =>
    (
      (await db
        .select({ slug: table.slug })
        .from(table)
        .where(visibleRows(clock, table))
        .orderBy(asc(table.id))
        .limit(PREFLIGHT_ITEM_CAP + 1)) as { slug: string }[]
    ).map((r) => ({ slug: r.slug }));

/** Where the items of a parameterised page come from, by its kind or its id (see itemSourceOf). */
const ITEM_SOURCES: Record<string, ItemSource> = {
  ...Object.fromEntries(Object.entries(ITEM_TABLES).map(([kind, table]) => [kind, slugs(table)])),
  'resource-access': async ({ db, clock }) =>
    (
      await db
        .select({ id: resources.id })
        .from(resources)
        .where(visibleRows(clock, resources))
        .orderBy(asc(resources.id))
        .limit(PREFLIGHT_ITEM_CAP + 1)
    ).map((r) => ({ id: String(r.id) })),
};

const fill = (pattern: string, params: Record<string, string>) =>
  pattern.replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(params[name] ?? ''));

/**
 * Where a route's items come from: its kind's table, else by its id, else the content type whose
 * items it lists in the sitemap (`sitemap: { items }`: a remote's own parameterised page).
 */
const itemSourceOf = (route: SiteRoute): ItemSource | undefined =>
  ITEM_SOURCES[route.kind] ??
  ITEM_SOURCES[route.id] ??
  (route.sitemap &&
    slugs(CONTENT_ENTRIES[route.sitemap.items as SitemapItemType].table as unknown as SlugTable));

/** The addresses to check for one route: itself when it has no parameter, else one per published item. */
async function addressesOf(
  app: Pick<AppContext, 'db' | 'clock'>,
  route: SiteRoute,
): Promise<{ paths: string[]; skipped?: string }> {
  if (!route.path.includes(':')) return { paths: [route.path] };
  const source = itemSourceOf(route);
  if (!source) return { paths: [], skipped: `${route.path}: no list of its items to check` };
  const items = await source(app);
  const paths = items.slice(0, PREFLIGHT_ITEM_CAP).map((params) => fill(route.path, params));
  return items.length > PREFLIGHT_ITEM_CAP
    ? { paths, skipped: `${route.path}: only the first ${PREFLIGHT_ITEM_CAP} published items checked` }
    : { paths };
}

/** What makes the staged page worse than the live one (empty: it may go out). */
export function comparePages(live: PageCheck, staged: PageCheck): string[] {
  const problems = staged.problems.filter((p) => !live.problems.includes(p));
  // A page the live version does not serve (404) and the staged one does is the release's new page.
  const added = live.status === 404 && staged.status < 400;
  if (staged.status >= 500 && live.status < 500) problems.unshift(`server error ${staged.status}`);
  else if (staged.status !== live.status && !added)
    problems.unshift(`status changed from ${live.status} to ${staged.status}`);
  if (live.heading && staged.heading === false) problems.push('no main heading (<h1>)');
  return problems;
}

/**
 * Renders every page `remote` serves with `version` and with the live versions, and compares them.
 * `check`: the site's page checker (app.ts makes this the AppContext's `preflight`).
 */
export async function runPreflight(
  app: Pick<AppContext, 'env' | 'db' | 'clock' | 'releases' | 'siteTables'>,
  check: PageChecker,
  remote: RemoteName,
  version: string,
): Promise<PreflightReport> {
  const started = performance.now();
  const { env } = app;
  const state = app.releases.state();
  const live = requestVersions(state);
  const staged: RemoteOverrides = { ...live, [remote]: version };
  const skipped: string[] = [];
  const paths: { path: string; route: string }[] = [];
  for (const route of await remoteRoutes(app.siteTables, remote, staged)) {
    if (route.kind === 'app') {
      skipped.push(`${route.path}: a browser-only app, not rendered on the server`);
      continue;
    }
    const a = await addressesOf(app, route);
    if (a.skipped) skipped.push(a.skipped);
    for (const p of a.paths) paths.push({ path: p, route: route.id });
  }
  // A page slower than a visitor's render may be (its cap) is a problem of its own.
  const capMs = env.SSR_BUDGET_MS * RENDER_CAP_FACTOR + 2000;
  const checked = async (path: string, versions: RemoteOverrides): Promise<PageCheck> => {
    try {
      const r = await within(check(path, versions), capMs);
      return r === 'late' ? { status: 504, problems: [`no page within ${capMs} ms`] } : r.value;
    } catch (err) {
      return {
        status: 500,
        problems: [`check failed: ${err instanceof Error ? err.message : String(err)}`],
      };
    }
  };
  const limit = pLimit(PREFLIGHT_CONCURRENCY);
  const results: PreflightPage[] = await Promise.all(
    paths.map(({ path, route }) =>
      limit(async () => {
        const compare = async () => {
          const [l, s] = await Promise.all([checked(path, live), checked(path, staged)]);
          return { path, route, liveStatus: l.status, stagedStatus: s.status, problems: comparePages(l, s) };
        };
        // A page that got worse is checked once more before it blocks: one render slowed by a busy
        // machine (its data late, the page left in its loading state) is not the release's doing.
        const first = await compare();
        return first.problems.length ? compare() : first;
      }),
    ),
  );
  const failed = results.filter((p) => p.problems.length).length;
  return {
    remote: REMOTE_FOLDERS[remote],
    version,
    live: state.remotes[remote]?.current ?? null,
    passed: failed === 0,
    checked: results.length,
    failed,
    ms: Math.round(performance.now() - started),
    pages: results,
    ...(skipped.length ? { skipped } : {}),
  };
}
