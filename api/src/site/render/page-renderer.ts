import path from 'node:path';
import { readFile, stat } from 'node:fs/promises';
import type { Request, Response } from 'express';
import type { RequestListener } from 'node:http';
import type { Logger } from 'pino';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import {
  FORM_OUTCOME_PATH,
  REMOTE_NAMES,
  type FormOutcome,
  type PageKind,
  type SiteRoute,
  type RemoteName,
  type RemoteOverrides,
  type RemotesManifest,
  PAGE_DATA_IDS,
  type HeadSite,
  type PageHead,
  type PageHeadContext,
  StaffMessages,
} from '@agency/contracts';
import type { Db } from '../../db/client';
import type { Env } from '../../env';
import { carriesStaffCookie, getStaffSession } from '../../http/staff-session';
import type { KeptCopy, PublicCache } from '../../http/public-cache';
import { matchPublicRead, type ContentTag } from '../../http/public-reads';
import { buildRemotesManifest } from '../remotes-manifest';
import type { ReleaseState } from '../../releases/release-state';
import { previewBanner } from '../remote-preview';
import { contentPreviewBanner, type ContentPreview } from '../content-preview';
import { isoTimestamps } from '../../http/iso-timestamps';
import { resolvePageMeta } from '../seo/page-meta';
import { escapeHtml, pageHead, safeJson } from '../seo/render-head';
import { loadSiteDefaults } from '../seo/site-defaults';
import { publicOrigin } from '../seo/seo-router';
import { parseTemplate, type HtmlTemplate } from './html-document';
import { internalApi, type RenderIdentity } from './internal-api';
import { serverBuilds, type LoadedRemote } from './server-builds';
import type { RemoteServerBuild, ShellRenderResult } from './server-build-contract';
import { carriesFlash, takeFlash } from '../../forms/form-flash';
import { canonicalPagePath, type PageAddress } from '../page-address';
import { setRoutePattern } from '../../http/route-pattern';
import { siteTables, type SiteTable } from '../../releases/site-table';
import { clientAddress } from '../../http/client-address';
import { TOO_MANY_REQUESTS } from '../../http/rate-limit';
import { RENDER_CAP_FACTOR, renderFlights, within } from './render-flight';

/** Uncached page renders one client may cause per minute (times RATE_LIMIT_SCALE). */
export const UNCACHED_RENDERS_PER_MINUTE = 300;

/** What a server render needs of the request it renders for: who its data's reads are for, its path (logs). */
type RenderCaller = RenderIdentity & Pick<Request, 'path'>;

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

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

/**
 * A request's page address when the caller decided none (a posted staff preview): its path, canonical.
 * Its route comes from the request's table (renderPage).
 */
function addressOf(req: Request): PageAddress {
  return { path: canonicalPagePath(req.path) ?? req.path, search: '', route: undefined };
}

export interface RenderedPage {
  status: number;
  html: string;
  /** Answered from the page cache (already sent). */
  fromCache?: true;
  /** Already answered otherwise (429: too many uncached renders). */
  sent?: true;
  /** Signed-in staff get their own render (drafts); it must never be stored for anyone else. */
  personal: boolean;
  /** Milliseconds the server spent on the page (head, data and render), for Server-Timing. */
  renderMs: number;
  /** A visitor's page built from these content families: a shared cache in front may keep it. */
  tags?: readonly ContentTag[] | undefined;
}

/** The built shell's index.html as a template, re-read when the shell is rebuilt. */
function templateLoader(file: string) {
  let cached: { mtimeMs: number; template: HtmlTemplate } | undefined;
  /** The template, and its file's mtime: a shell rebuild rewrites it, so the stamp names the build. */
  return async (): Promise<{ mtimeMs: number; template: HtmlTemplate } | undefined> => {
    try {
      const s = await stat(file);
      if (!cached || cached.mtimeMs !== s.mtimeMs)
        cached = { mtimeMs: s.mtimeMs, template: parseTemplate(await readFile(file, 'utf8')) };
      return cached;
    } catch {
      return undefined;
    }
  };
}

const baseOf = (entry: string) => entry.slice(0, entry.lastIndexOf('/') + 1);

/** The content a page's head is built from, by route kind (the site name and description: settings). */
const HEAD_TAGS: Record<PageKind, readonly ContentTag[]> = {
  static: ['site-settings'],
  app: ['site-settings'],
  service: ['site-settings', 'services'],
  'case-study': ['site-settings', 'case-studies'],
  'blog-post': ['site-settings', 'blog-posts'],
  'cms-page': ['site-settings', 'pages'],
};

/**
 * The content families a page was built from: its head's, and those of every API answer its render
 * read. Undefined when it read an answer that is not kept (a live download count), or an unknown one:
 * such a page is rendered for every visitor.
 */
function pageTags(kind: PageKind, apiPaths: readonly string[]): ContentTag[] | undefined {
  const tags = new Set<ContentTag>(HEAD_TAGS[kind]);
  for (const p of apiPaths) {
    const read = matchPublicRead(p.replace(/^\/api/, '').replace(/\?.*$/, ''))?.read;
    if (!read || read.uncached) return undefined;
    for (const t of read.tags) tags.add(t);
  }
  return [...tags];
}
const attr = (s: string) => escapeHtml(s);

/** `value` when it has each named field of the named kind, else undefined: a build's answer read tolerantly. */
function withFields<T>(value: unknown, fields: Record<string, 'string' | 'array'>): T | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const v = value as Record<string, unknown>;
  const ok = Object.entries(fields).every(([k, kind]) =>
    kind === 'array' ? Array.isArray(v[k]) : typeof v[k] === kind,
  );
  return ok ? (value as T) : undefined;
}

/**
 * The head a server render hands back, and the site facts it was built with: the shell's build is
 * loaded at run time, so a head without what every head has (an older or broken build) counts as
 * none, and the database's is used.
 */
function declaredHead(head: unknown): PageHead | undefined {
  const h = withFields<PageHead>(head, {
    title: 'string',
    description: 'string',
    path: 'string',
    jsonLd: 'array',
  });
  return h && (h.status === 200 || h.status === 404) ? h : undefined;
}
const declaredSite = (site: unknown) =>
  withFields<HeadSite>(site, {
    siteName: 'string',
    defaultMetaDescription: 'string',
    origin: 'string',
    socialLinks: 'array',
  });

/**
 * A browser-only app (the CMS) has nothing to server-render: without JavaScript it says so instead of
 * showing a blank page. Outside #root, which must stay empty for the loader to start the app at once.
 */
const appNeedsScript = () =>
  `<noscript><p role="alert" style="max-width:36rem;margin:8rem auto;padding:0 1rem;font:1.125rem/1.6 system-ui,sans-serif;text-align:center">${escapeHtml(StaffMessages.needsJavaScript)}</p></noscript>`;

/**
 * The end of the head: each server-rendered remote's stylesheet (no flash of unstyled content), what
 * the page's head needs from the server (PAGE_DATA_IDS.head: the public origin, a preview's noindex),
 * the current manifest inline (a JSON data block, which the CSP does not treat as script), so the
 * browser hydrates with the same versions the server used, and the route's own scripts (its remote's
 * entry), which the shell's loader hints together with the shell's chunks once the stylesheets are in
 * (packages/federation-config/defer-app-start.ts): no script competes with the first paint.
 */
function runtimeHints(
  headContext: PageHeadContext,
  manifest: RemotesManifest,
  stylesheets: string[],
  routeScripts: string[] = [],
) {
  return [
    ...stylesheets.map((href) => `<link rel="stylesheet" crossorigin href="${attr(href)}" />`),
    `<script type="application/json" id="${PAGE_DATA_IDS.head}">${safeJson(headContext)}</script>`,
    `<script type="application/json" id="${PAGE_DATA_IDS.manifest}">${safeJson(manifest)}</script>`,
    ...(routeScripts.length
      ? [
          `<script type="application/json" id="${PAGE_DATA_IDS.routePreloads}">${safeJson(routeScripts)}</script>`,
        ]
      : []),
  ]
    .map((t) => `    ${t}\n`)
    .join('');
}

/**
 * Renders every page on the server: the route's head from the database, then shell + remotes from
 * their server builds (the current release of each) with the data they show, dehydrated into the
 * page so the browser hydrates without fetching it again. Whatever fails on the way (a remote's build
 * missing, broken or slow, the shell's build missing) leaves that part to the browser, as before.
 */
export function pageRenderer(
  env: Env,
  db: Db,
  log: Logger,
  app: RequestListener,
  cache: PublicCache,
  /** Counts a page answered (rendered or from the cache) for the route's remote and the version it got. */
  pageView?: (remote: RemoteName, version: string) => void,
  /** Counts a server render that failed for the remote whose region failed (site/canary-guard.ts). */
  renderFailed?: (remote: RemoteName, version: string) => void,
) {
  const builds = serverBuilds(env, log);
  const tables = siteTables(env, log);
  const api = internalApi(app);
  const loadTemplate = templateLoader(path.join(env.SITE_ROOT, 'shell', 'dist', 'index.html'));

  async function serverRender(
    req: RenderCaller,
    url: string,
    route: SiteRoute | undefined,
    manifest: RemotesManifest,
    apiPaths: string[],
    versions: RemoteOverrides,
    headContext: PageHeadContext,
    answers?: ContentPreview['answers'],
    formOutcome: FormOutcome | null = null,
    /** Told what a render that threw threw (the page then renders in the browser). */
    seen?: { threw?: unknown },
  ) {
    const shell = await builds.shell();
    if (!shell) return undefined;
    const loaded = await Promise.all(REMOTE_NAMES.map((name) => builds.remote(name, versions)));
    const byName = new Map<RemoteName, LoadedRemote>();
    loaded.forEach((r, i) => r && byName.set(REMOTE_NAMES[i]!, r));
    const remotes: Partial<Record<RemoteName, RemoteServerBuild>> = {};
    for (const [name, r] of byName) remotes[name] = r.entry;
    let result: ShellRenderResult;
    try {
      result = await shell.render({
        url,
        remotes,
        fetch: (url, init) => {
          // The outcome of a form this browser just posted (or null): answered here, from the flash
          // this render used up. Not an API read: it neither keeps nor tags the page.
          if (url.replace(/\?.*$/, '') === FORM_OUTCOME_PATH) {
            return Promise.resolve(
              new Response(JSON.stringify(formOutcome), {
                headers: { 'content-type': 'application/json; charset=utf-8' },
              }),
            );
          }
          apiPaths.push(url);
          // A content preview's item, as the API would answer it, instead of the stored one.
          const previewed = answers?.get(url.replace(/\?.*$/, ''));
          if (previewed !== undefined) {
            return Promise.resolve(
              new Response(JSON.stringify(previewed, isoTimestamps), {
                headers: { 'content-type': 'application/json; charset=utf-8' },
              }),
            );
          }
          return api(req)(url, init);
        },
        // Past SSR_BUDGET_MS a visitor with a stale copy gets that (renderPage); without one, the
        // render goes on up to the cap rather than sending the page without its text.
        budgetMs: env.SSR_BUDGET_MS * RENDER_CAP_FACTOR,
        head: headContext,
        ...(manifest.routes ? { routes: manifest.routes } : {}),
      });
    } catch (err) {
      if (seen) seen.threw = err;
      // A visitor's render (not a preflight's) that failed counts against the route's remote.
      else if (route) renderFailed?.(route.remote, versions[route.remote] ?? 'local');
      log.error({ err, path: req.path }, 'server render failed; the page renders in the browser');
      return undefined;
    }
    for (const p of result.problems) {
      const failed = p.remote ?? route?.remote;
      if (!seen && failed && p.message.startsWith('render failed'))
        renderFailed?.(failed, versions[failed] ?? 'local');
      log.warn(
        {
          err: p.error,
          path: req.path,
          remote: p.remote,
          version: p.remote && byName.get(p.remote)?.version,
        },
        `server render: ${p.message}`,
      );
    }
    const stylesheets = result.rendered.flatMap((name) => {
      const r = byName.get(name);
      return r ? r.css.map((css) => baseOf(manifest.remotes[name].entry) + css) : [];
    });
    // The route's own page: the scripts its remote starts with and those its module needs.
    const own = route && byName.get(route.remote);
    const scripts = own
      ? [...new Set([...own.scripts.entry, ...(own.scripts.modules[route.module] ?? [])])].map(
          (file) => baseOf(manifest.remotes[route.remote].entry) + file,
        )
      : [];
    // Complete: every region rendered on the server, nothing went wrong on the way.
    const complete = result.problems.length === 0 && !result.leftToBrowser?.length;
    const head = declaredHead(result.head);
    const headSite = head && declaredSite(result.headSite);
    return { ...result, head: headSite && head, headSite, stylesheets, scripts, complete };
  }

  /**
   * Pages for visitors are kept in the public cache like API answers: keyed by the page's canonical
   * address (path and the parameters its route reads, see page-address.ts), the shell build and the
   * versions of the remotes (a rebuild, release or rollback changes the key), tagged with the content
   * they show (a staff write to that content drops them, here and on every instance). The render gets
   * the very same address. Staff and anything but a complete 200 are rendered every time; HEAD is
   * answered from GET's entry.
   */
  const cacheKey = (address: PageAddress, shellStamp: number, manifest: RemotesManifest) =>
    `page:${address.path}${address.search}#${shellStamp}|${REMOTE_NAMES.map((n) => manifest.remotes[n].entry).join('|')}`;
  // A form's outcome (flash cookie) is this visitor's alone: such a page is rendered and never kept.
  const shared = (req: Request) =>
    (req.method === 'GET' || req.method === 'HEAD') && !carriesStaffCookie(req) && !carriesFlash(req);
  /**
   * Renders that no cache answered, per client (staff excepted): a page costs tens of milliseconds
   * of CPU, so one client asking for page after page nobody asked for before (unknown slugs, every
   * spelling of a query) is refused with 429 past this, while cached pages stay free.
   */
  const uncachedRenders = new RateLimiterMemory({
    keyPrefix: 'uncached-renders',
    points: Math.max(1, Math.floor(UNCACHED_RENDERS_PER_MINUTE * env.RATE_LIMIT_SCALE)),
    duration: 60,
  });

  /**
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
  ): Promise<RenderedPage | undefined> {
    const started = performance.now();
    const loaded = await loadTemplate();
    if (!loaded) return undefined;
    const { template } = loaded;
    const preview = asked && Object.keys(asked).length ? asked : undefined;
    // The page's route and the browser's table: from these versions' pages (their pages.json).
    const route = table.match(address.path)?.route;
    address = { ...address, route };
    const manifest = { ...buildRemotesManifest(env, { overrides: versions, state }), routes: table.routes };
    const key = cacheKey(address, loaded.mtimeMs, manifest);
    const shareable = shared(req) && !preview && !content;
    if (route) setRoutePattern(req, route.path);
    // Counted under the version this visitor got (the labels metrics' remoteVersions knows).
    if (route) pageView?.(route.remote, versions[route.remote] ?? 'local');
    if (shareable) {
      const hit = cache.lookup(key);
      if (hit) {
        cache.send(req, res, hit);
        return { status: 200, html: '', personal: false, renderMs: 0, fromCache: true };
      }
      return sharedPage(req, res, key, started, (since) =>
        compose(req, res, { address, manifest, versions, template, since, key, shareable }),
      );
    }
    if (await refused(req, res)) return TOO_MANY;
    const page = await compose(req, res, {
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
    return { ...page, renderMs: performance.now() - started };
  }

  const TOO_MANY: RenderedPage = { status: 429, html: '', personal: false, renderMs: 0, sent: true };

  /** Whether `req` was refused an uncached render (429 sent), staff excepted. */
  async function refused(req: Request, res: Response): Promise<boolean> {
    if (carriesStaffCookie(req) && (await getStaffSession(req, db, { activity: false }))) return false;
    const refusal = await uncachedRenders.consume(clientAddress(req)).then(
      () => undefined,
      (rejection: unknown) => (rejection instanceof RateLimiterRes ? rejection : undefined),
    );
    if (!refusal) return false;
    res
      .status(429)
      .setHeader('Retry-After', String(Math.max(1, Math.ceil(refusal.msBeforeNext / 1000))))
      .setHeader('Cache-Control', 'no-store')
      .type('text/plain')
      .send(TOO_MANY_REQUESTS);
    return true;
  }

  /** A visitor's page, the same for everyone at its key: what a render gives, and whether it was kept. */
  type SharedRender = RenderedPage & { stored: boolean };
  const flights = renderFlights<SharedRender>();

  /**
   * A visitor's page the cache does not hold fresh (render-flight.ts, docs/performance.md): one render
   * per key at a time, whose page every visitor asking meanwhile gets. A copy that only aged out is
   * sent at once, marked stale, while one render refreshes it; one dropped by a change waits for the
   * fresh render (a save shows on the next visit), within SSR_BUDGET_MS, and past that is sent stale.
   * With no copy at all, the visitor waits for the render, which has up to RENDER_CAP_FACTOR times
   * the budget before its slow regions are left to the browser.
   */
  async function sharedPage(
    req: Request,
    res: Response,
    key: string,
    started: number,
    render: (since: number) => Promise<SharedRender>,
  ): Promise<RenderedPage> {
    const stale = (copy: KeptCopy): RenderedPage => {
      cache.send(req, res, copy.entry, { stale: true });
      return { status: 200, html: '', personal: false, renderMs: 0, fromCache: true };
    };
    const background = (flight: Promise<unknown>) =>
      flight.catch((err: unknown) => log.warn({ err, path: req.path }, 'background page render failed'));
    const kept = cache.keptCopy(key);
    // A change since a flight began makes its page old: a request after it starts its own flight.
    const since = cache.mark();
    const flightKey = `${since}@${key}`;
    let flight = flights.joining(flightKey);
    if (kept && !kept.changed) {
      if (!flight) void background(flights.lead(flightKey, () => render(since)));
      return stale(kept);
    }
    const leader = !flight;
    let refusedHere = false;
    // Led at once (the rate limit is asked inside): a request arriving meanwhile joins this flight.
    flight ??= flights.lead(flightKey, async () => {
      refusedHere = await refused(req, res);
      if (refusedHere) throw new Error('uncached render refused (429 sent)');
      return render(since);
    });
    let page: SharedRender;
    try {
      if (kept) {
        const first = await within(flight, env.SSR_BUDGET_MS);
        if (first === 'late') {
          void background(flight);
          return stale(kept);
        }
        page = first.value;
      } else page = await flight;
    } catch (err) {
      if (refusedHere) return TOO_MANY;
      if (leader) throw err;
      // The render this request waited for failed (or its client was refused): it renders for itself.
      if (await refused(req, res)) return TOO_MANY;
      page = await render(cache.mark());
    }
    if (page.stored) {
      if (leader) res.setHeader('X-Cache', 'MISS');
      else {
        // The page is kept now: answered as the hit it is (ETag, compression).
        const hit = cache.lookup(key);
        if (hit) {
          cache.send(req, res, hit);
          return { status: 200, html: '', personal: false, renderMs: 0, fromCache: true };
        }
      }
    }
    return { ...page, renderMs: leader ? performance.now() - started : 0 };
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
    const [site, staff] = await Promise.all([loadSiteDefaults(db), getStaffSession(req, db)]);
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
            address.path + address.search,
            route,
            manifest,
            apiPaths,
            versions,
            headContext,
            content?.answers,
            formOutcome,
          );
    // The head the page declared from the data it showed (one read); the database's only for a page
    // that did not render here (the CMS, a remote without a usable server build, data past the budget).
    const declared = page?.head && page.headSite && { head: page.head, site: page.headSite };
    const fallback = declared
      ? undefined
      : await resolvePageMeta(db, address.path, site, origin, {
          ...(manifest.routes ? { routes: manifest.routes } : {}),
          staff: Boolean(staff),
          ...(content ? { rows: content.rows } : {}),
        });
    const meta = declared?.head ?? { ...fallback!, ...(content ? { noindex: true } : {}) };
    const html = template.render({
      head: declared ? pageHead(declared.head, declared.site) : pageHead(meta, { ...site, origin }, true),
      headEnd: runtimeHints(
        headContext,
        manifest,
        page?.stylesheets ?? [],
        [...(route ? [manifest.remotes[route.remote]?.entry] : []), ...(page?.scripts ?? [])].filter(
          (e): e is string => Boolean(e),
        ),
      ),
      root: page?.html ?? '',
      bodyEnd:
        (page
          ? `<script type="application/json" id="${PAGE_DATA_IDS.ssrState}">${safeJson(page.state)}</script>`
          : '') +
        (route?.kind === 'app' ? appNeedsScript() : '') +
        (preview ? previewBanner(preview) : '') +
        (content ? contentPreviewBanner() : ''),
    });
    // Only a complete server render is kept, in which the route's own remote rendered its section: a
    // page with a region left to the browser, or with nothing in it, is not.
    const tags =
      route && page?.complete && page.rendered.includes(route.remote)
        ? pageTags(route.kind, apiPaths)
        : undefined;
    const stored = Boolean(tags && meta.status === 200 && shareable);
    if (tags && stored) {
      cache.store(
        key,
        { body: html, contentType: 'text/html; charset=utf-8', cacheControl: 'no-cache' },
        {
          tags,
          since,
        },
      );
    }
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
   * One page as a visitor without cookies gets it when the remotes are at `versions` (the preflight
   * of a release, releases/preflight.ts): the same server render and head as renderPage's, but never
   * cached, counted or rate limited, and told in full (what threw, what the head says, whether the
   * route's remote rendered its region with the module the browser will hydrate).
   */
  async function checkPage(pagePath: string, versions: RemoteOverrides): Promise<PageCheck> {
    // The route table of these versions (site-table.ts): a staged release's own pages.
    const table = await tables.tableFor(versions);
    const route = table.match(pagePath)?.route;
    if (route?.kind === 'app') return { status: 200, problems: [], browserOnly: true };
    const manifest = { ...buildRemotesManifest(env, { overrides: versions }), routes: table.routes };
    const origin = publicOrigin(env);
    const seen: { threw?: unknown } = {};
    const caller: RenderCaller = { headers: {}, path: pagePath, staff: null };
    const page = await serverRender(
      caller,
      pagePath,
      route,
      manifest,
      [],
      versions,
      { origin },
      undefined,
      null,
      seen,
    );
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
        await resolvePageMeta(db, pagePath, await loadSiteDefaults(db), origin, {
          staff: false,
          routes: table.routes,
        })
      ).status;
    return { status, ...(page ? { heading: /<h1[\s>]/i.test(page.html) } : {}), problems };
  }

  /**
   * Loads the page template and every server build (seconds on a cold start), so that no visitor's
   * render spends its budget on it: the server runs this before it listens.
   */
  async function warm() {
    await loadTemplate();
    if (await builds.shell()) await Promise.all(REMOTE_NAMES.map((name) => builds.remote(name)));
  }

  return Object.assign(renderPage, { warm, checkPage });
}
