/**
 * Renders every page on the server: the route's head from the database, then shell + remotes from
 * their server builds (the current release of each) with the data they show, dehydrated into the
 * page so the browser hydrates without fetching it again. Whatever fails on the way (a remote's build
 * missing, broken or slow, the shell's build missing) leaves that part to the browser, as before.
 * Composes the page cache (page-cache.ts), the server render (server-render.ts) and the document
 * (page-document.ts); answers what to send (page-answer.ts), sending nothing itself.
 */
import path from 'node:path';
import type { Request, Response } from 'express';
import type { RequestListener } from 'node:http';
import {
  REMOTE_NAMES,
  type PageHeadContext,
  type RemoteName,
  type RemoteOverrides,
  type RemotesManifest,
} from '@agency/contracts';
import type { AppContext } from '../../app-context';
import { getStaffSession } from '../../http/staff-session';
import type { PublicCache } from '../../http/public-cache';
import { buildRemotesManifest } from '../remotes-manifest';
import type { ReleaseState } from '../../releases/release-state';
import type { ContentPreview } from '../content-preview';
import { resolvePageMeta } from '../seo/page-meta';
import { pageHead } from '../seo/render-head';
import { loadSiteDefaults } from '../seo/site-defaults';
import { publicOrigin } from '../seo/seo-router';
import type { HtmlTemplate } from './html-document';
import { internalApi } from './internal-api';
import { serverBuilds } from './server-builds';
import { carriesFlash, takeFlash } from '../../forms/form-flash';
import { canonicalPagePath, type PageAddress } from '../page-address';
import { setRoutePattern } from '../../http/route-pattern';
import type { SiteTable } from '../../releases/site-table';
import type { PageAnswer } from './page-answer';
import { pageCache, pageCacheKey, pageTags, sharedRequest, type SharedRender } from './page-cache';
import { pageDocument, templateLoader } from './page-document';
import { serverRenderer } from './server-render';
import { pageChecker } from './page-check';

/**
 * A request's page address when the caller decided none (a posted staff preview): its path, canonical.
 * Its route comes from the request's table (renderPage).
 */
function addressOf(req: Request): PageAddress {
  return { path: canonicalPagePath(req.path) ?? req.path, search: '', route: undefined };
}

export function pageRenderer(
  context: Pick<AppContext, 'env' | 'db' | 'log' | 'clock' | 'releases' | 'siteTables'>,
  app: RequestListener,
  cache: PublicCache,
  /** Counts a page answered (rendered or from the cache) for the route's remote and the version it got. */
  pageView?: (remote: RemoteName, version: string) => void,
  /** Counts a server render that failed for the remote whose region failed (site/canary-guard.ts). */
  renderFailed?: (remote: RemoteName, version: string) => void,
) {
  const { env, db, log, siteTables: tables } = context;
  const builds = serverBuilds(context);
  const loadTemplate = templateLoader(path.join(env.SITE_ROOT, 'shell', 'dist', 'index.html'));
  const serverRender = serverRenderer(env, log, builds, internalApi(app), renderFailed);
  const pages = pageCache(env, db, log, cache);

  /**
   * What to answer `req` with (sendPage sends it); undefined: the shell is not built.
   * `versions`: every released remote's version for this request (requestVersions: current, canary
   * draws, a staff preview's), taken from one look at `state`. `preview`: the staff preview's part,
   * which keeps the page out of the cache and shows the banner. A visitor's canary page is shared like
   * any live page (the cache key holds every entry). `content`: a staff preview of one item (see
   * content-preview.ts): rendered with it, noindex, under its banner, never kept.
   */
  async function renderPage(
    req: Request,
    res: Response,
    {
      state,
      versions,
      table,
      preview: asked,
      content,
      address = addressOf(req),
    }: {
      state: ReleaseState;
      versions: RemoteOverrides;
      /** The route table of `versions` (releases/site-table.ts), which the caller looked up. */
      table: SiteTable;
      preview?: RemoteOverrides;
      content?: ContentPreview;
      /** The page's canonical address (pageTarget); derived from the request's path when not given. */
      address?: PageAddress;
    },
  ): Promise<PageAnswer | undefined> {
    const started = performance.now();
    const loaded = await loadTemplate();
    if (!loaded) return undefined;
    const { template } = loaded;
    const preview = asked && Object.keys(asked).length ? asked : undefined;
    // The page's route and the browser's table: from these versions' pages (their pages.json).
    const route = table.match(address.path)?.route;
    address = { ...address, route };
    const manifest = {
      ...buildRemotesManifest(context, { overrides: versions, state }),
      routes: table.routes,
    };
    const key = pageCacheKey(address, loaded.mtimeMs, manifest);
    const shareable = sharedRequest(req) && !preview && !content;
    if (route) setRoutePattern(req, route.path);
    // Counted under the version this visitor got (the labels metrics' remoteVersions knows).
    if (route) pageView?.(route.remote, versions[route.remote] ?? 'local');
    if (shareable)
      return pages.sharedPage(req, key, started, (since) =>
        compose(req, res, { address, manifest, versions, template, since, key, shareable }),
      );
    const refused = await pages.refusal(req);
    if (refused) return refused;
    const { stored: _, ...page } = await compose(req, res, {
      address,
      manifest,
      versions,
      template,
      since: cache.mark(),
      key,
      shareable,
      preview,
      content,
    });
    return { kind: 'page', page: { ...page, renderMs: performance.now() - started } };
  }

  /** Renders one page: its data, the server builds' HTML and the head; keeps a shareable 200. */
  async function compose(
    req: Request,
    res: Response,
    {
      address,
      manifest,
      versions,
      template,
      since,
      key,
      shareable,
      preview,
      content,
    }: {
      address: PageAddress;
      manifest: RemotesManifest;
      versions: RemoteOverrides;
      template: HtmlTemplate;
      since: number;
      key: string;
      shareable: boolean;
      preview?: RemoteOverrides | undefined;
      content?: ContentPreview | undefined;
    },
  ): Promise<SharedRender> {
    const started = performance.now();
    const route = address.route;
    const flashed = carriesFlash(req);
    const staff = await getStaffSession(req, db);
    // Taken only once the page will be rendered: a refused render must not use up a form's outcome.
    // (Never in a shared render: a form's outcome keeps its page out of the cache.)
    const formOutcome = flashed && req.method === 'GET' ? await takeFlash(db, req, res) : null;
    const origin = publicOrigin(env);
    // A preview of content is never indexed, whatever the item is: the page's head says so itself.
    const headContext: PageHeadContext = { origin, ...(content ? { noindex: true as const } : {}) };
    const apiPaths: string[] = [];
    const page =
      route?.kind === 'app'
        ? undefined
        : await serverRender(
            { headers: req.headers, path: req.path, id: req.id, staff },
            {
              url: address.path + address.search,
              route,
              manifest,
              apiPaths,
              versions,
              headContext,
              answers: content?.answers,
              formOutcome,
            },
          );
    // The head the page declared from the data it showed (one read); the database's only for a page
    // that did not render here (the CMS, a remote without a usable server build, data past the budget).
    const declared = page?.head && page.headSite && { head: page.head, site: page.headSite };
    // The site's settings are read for that fallback only: a page that rendered named its own.
    const site = declared ? undefined : await loadSiteDefaults(db);
    const fallback = !site
      ? undefined
      : await resolvePageMeta(context, address.path, site, origin, {
          ...(manifest.routes ? { routes: manifest.routes } : {}),
          staff: Boolean(staff),
          ...(content ? { rows: content.rows } : {}),
        });
    const meta = declared?.head ?? { ...fallback!, ...(content ? { noindex: true } : {}) };
    const html = pageDocument(template, {
      head: declared ? pageHead(declared.head, declared.site) : pageHead(meta, { ...site!, origin }, true),
      headContext,
      manifest,
      routeEntry: route && manifest.remotes[route.remote]?.entry,
      page,
      app: route?.kind === 'app',
      preview,
      contentPreview: Boolean(content),
    });
    // Only a complete server render is kept, in which the route's own remote rendered its section: a
    // page with a region left to the browser, or with nothing in it, is not.
    const tags =
      route && page?.complete && page.rendered.includes(route.remote)
        ? pageTags(route.kind, apiPaths)
        : undefined;
    const stored = Boolean(tags && meta.status === 200 && shareable);
    if (tags && stored) pages.keep(key, html, tags, since);
    return {
      status: meta.status,
      html,
      // A preview needs a staff session: staff covers it. A form's outcome is the visitor's own.
      personal: Boolean(staff) || Boolean(content) || flashed,
      renderMs: performance.now() - started,
      stored,
      tags: shareable && !staff ? tags : undefined,
    };
  }

  /**
   * Loads the page template and every server build (seconds on a cold start), so that no visitor's
   * render spends its budget on it: the server runs this before it listens.
   */
  async function warm() {
    await loadTemplate();
    if (await builds.shell()) await Promise.all(REMOTE_NAMES.map((name) => builds.remote(name)));
  }

  const checkPage = pageChecker(context, tables, builds, serverRender);
  return Object.assign(renderPage, { warm, checkPage });
}
