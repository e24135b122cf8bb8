/**
 * One page as a visitor without cookies gets it when the remotes are at given versions, for the
 * preflight of a release (site/preflight.ts): the same server render and head as a visitor's, but never
 * cached, counted or rate limited, and told in full (what threw, what the head says, whether the
 * route's remote rendered its region with the module the browser will hydrate).
 */
import type { RemoteOverrides } from '@agency/contracts';
import type { AppContext } from '../../app-context';
import { buildRemotesManifest } from '../remotes-manifest';
import { resolvePageMeta } from '../seo/page-meta';
import { safeJson } from '../seo/render-head';
import { loadSiteDefaults } from '../seo/site-defaults';
import { publicOrigin } from '../seo/seo-router';
import type { SiteTables } from '../../releases/site-table';
import type { serverBuilds } from './server-builds';
import type { RenderCaller, ServerRender } from './server-render';

/** One page as checkPage rendered it. */
export interface PageCheck {
  /** The status the page answers (its head's: 200 or 404; 500 when the check itself failed). */
  status: number;
  /** Whether the server HTML has a main heading (`<h1>`); undefined: no server HTML (it threw). */
  heading?: boolean;
  /** What went wrong on the way, in words (a throw, a region that failed, a broken contract). */
  problems: string[];
  /** The route is a browser-only app (the CMS): nothing is rendered on the server. */
  browserOnly?: true;
}

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

export function pageChecker(
  app: Pick<AppContext, 'env' | 'db' | 'clock' | 'releases'>,
  tables: SiteTables,
  builds: ReturnType<typeof serverBuilds>,
  serverRender: ServerRender,
) {
  const { env, db } = app;
  return async function checkPage(pagePath: string, versions: RemoteOverrides): Promise<PageCheck> {
    // The route table of these versions (site-table.ts): a staged release's own pages.
    const table = await tables.tableFor(versions);
    const route = table.match(pagePath)?.route;
    if (route?.kind === 'app') return { status: 200, problems: [], browserOnly: true };
    const manifest = { ...buildRemotesManifest(app, { overrides: versions }), routes: table.routes };
    const origin = publicOrigin(env);
    const seen: { threw?: unknown } = {};
    const caller: RenderCaller = { headers: {}, path: pagePath, staff: null };
    const page = await serverRender(caller, {
      url: pagePath,
      route,
      manifest,
      apiPaths: [],
      versions,
      headContext: { origin },
      seen,
    });
    const problems: string[] = [];
    if (seen.threw !== undefined) problems.push(`render threw: ${messageOf(seen.threw)}`);
    if (!page && seen.threw === undefined) problems.push('the shell has no server build');
    for (const p of page?.problems ?? [])
      problems.push(p.error === undefined ? p.message : `${p.message}: ${messageOf(p.error)}`);
    if (route && page) {
      // The hydration contract (server-build-contract.ts): the route's remote rendered its region
      // here with a build that shares the host's singletons and exposes the module the browser loads.
      const own = await builds.remote(route.remote, versions);
      if (!own)
        problems.push(
          `hydration contract: ${route.remote} has no usable server build (missing, failed to load, or not sharing the host's singletons)`,
        );
      else if (!(route.module in own.entry.modules))
        problems.push(`hydration contract: the server build does not expose ${route.module}`);
      else if (!page.rendered.includes(route.remote))
        problems.push(`hydration contract: ${route.remote}'s region was left to the browser`);
      try {
        safeJson(page.state);
      } catch (err) {
        problems.push(`hydration contract: the page's state cannot be sent (${messageOf(err)})`);
      }
    }
    const status =
      page?.head?.status ??
      (
        await resolvePageMeta(app, pagePath, await loadSiteDefaults(db), origin, {
          staff: false,
          routes: table.routes,
        })
      ).status;
    return { status, ...(page ? { heading: /<h1[\s>]/i.test(page.html) } : {}), problems };
  };
}
