import path from 'node:path';
import { readFile, stat } from 'node:fs/promises';
import type { Request, Response } from 'express';
import type { RequestListener } from 'node:http';
import type { Logger } from 'pino';
import {
  REMOTE_NAMES,
  matchSiteRoute,
  type PageKind,
  type RemoteName,
  type RemoteOverrides,
  type RemotesManifest,
} from '@agency/contracts';
import type { Db } from '../../db/client';
import type { Env } from '../../env';
import { carriesStaffCookie, getStaffSession } from '../../admin/staff-session';
import type { PublicCache } from '../../http/public-cache';
import { matchPublicRead, type ContentTag } from '../../http/public-reads';
import { buildRemotesManifest, type ReleaseState } from '../remotes-manifest';
import { previewBanner } from '../remote-preview';
import { contentPreviewBanner, type ContentPreview } from '../content-preview';
import { isoTimestamps } from '../../http/iso-timestamps';
import { resolvePageMeta } from '../seo/page-meta';
import { escapeHtml, pageHead, safeJson } from '../seo/render-head';
import { loadSiteDefaults } from '../seo/site-defaults';
import { publicOrigin } from '../seo/seo-router';
import { parseTemplate, type HtmlTemplate } from './html-document';
import { internalApi } from './internal-api';
import { serverBuilds, type LoadedRemote } from './server-builds';
import type { RemoteServerBuild, ShellRenderResult } from './server-build-contract';

export interface RenderedPage {
  status: number;
  html: string;
  /** Answered from the page cache (already sent). */
  fromCache?: true;
  /** Signed-in staff get their own render (drafts); it must never be stored for anyone else. */
  personal: boolean;
  /** Milliseconds the server spent on the page (head, data and render), for Server-Timing. */
  renderMs: number;
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

/**
 * The end of the head: each server-rendered remote's stylesheet (no flash of unstyled content) and
 * the current manifest inline (a JSON data block, which the CSP does not treat as script), so the
 * browser hydrates with the same versions the server used. No script is preloaded: the app starts
 * after the page has loaded (packages/federation-config/defer-app-start.ts).
 */
function runtimeHints(manifest: RemotesManifest, stylesheets: string[]) {
  return [
    ...stylesheets.map((href) => `<link rel="stylesheet" crossorigin href="${attr(href)}" />`),
    `<script type="application/json" id="remotes-manifest">${safeJson(manifest)}</script>`,
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
) {
  const builds = serverBuilds(env, log);
  const api = internalApi(app);
  const loadTemplate = templateLoader(path.join(env.SITE_ROOT, 'shell', 'dist', 'index.html'));

  async function serverRender(
    req: Request,
    manifest: RemotesManifest,
    apiPaths: string[],
    versions: RemoteOverrides,
    answers?: ContentPreview['answers'],
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
        url: req.originalUrl,
        remotes,
        fetch: (url, init) => {
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
        budgetMs: env.SSR_BUDGET_MS,
      });
    } catch (err) {
      log.error({ err, path: req.path }, 'server render failed; the page renders in the browser');
      return undefined;
    }
    for (const p of result.problems) {
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
    // Complete: every region rendered on the server, nothing went wrong on the way.
    const complete = result.problems.length === 0 && !result.leftToBrowser?.length;
    return { ...result, stylesheets, complete };
  }

  /**
   * Pages for visitors are kept in the public cache like API answers: keyed by path, the shell build
   * and the versions of the remotes (a rebuild, release or rollback changes the key), tagged with the content they show (a staff
   * write to that content drops them, here and on every instance). Staff, query strings and anything
   * but a 200 are rendered every time.
   */
  const cacheKey = (req: Request, shellStamp: number, manifest: RemotesManifest) =>
    `page:${req.path}#${shellStamp}|${REMOTE_NAMES.map((n) => manifest.remotes[n].entry).join('|')}`;
  const shared = (req: Request) => req.method === 'GET' && !req.url.includes('?') && !carriesStaffCookie(req);

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
      preview: asked,
      content,
    }: {
      state: ReleaseState;
      versions: RemoteOverrides;
      preview?: RemoteOverrides;
      content?: ContentPreview;
    },
  ): Promise<RenderedPage | undefined> {
    const started = performance.now();
    const loaded = await loadTemplate();
    if (!loaded) return undefined;
    const { template } = loaded;
    const preview = asked && Object.keys(asked).length ? asked : undefined;
    const manifest = buildRemotesManifest(env, { overrides: versions, state });
    const key = cacheKey(req, loaded.mtimeMs, manifest);
    const shareable = shared(req) && !preview && !content;
    const match = matchSiteRoute(req.path);
    // Counted under the version this visitor got (the labels metrics' remoteVersions knows).
    if (match) pageView?.(match.route.remote, versions[match.route.remote] ?? 'local');
    if (shareable) {
      const hit = cache.lookup(key);
      if (hit) {
        cache.send(req, res, hit);
        return { status: 200, html: '', personal: false, renderMs: 0, fromCache: true };
      }
    }
    const since = cache.mark();
    const [site, staff] = await Promise.all([loadSiteDefaults(db), getStaffSession(req, db)]);
    const origin = publicOrigin(env);
    const resolved = await resolvePageMeta(db, req.path, site, origin, {
      staff: Boolean(staff),
      ...(content ? { rows: content.rows } : {}),
    });
    const meta = content ? { ...resolved, noindex: true } : resolved;
    const apiPaths: string[] = [];
    const page =
      match?.route.kind === 'app'
        ? undefined
        : await serverRender(req, manifest, apiPaths, versions, content?.answers);
    const html = template.render({
      head: pageHead(meta, site.siteName, origin),
      headEnd: runtimeHints(manifest, page?.stylesheets ?? []),
      root: page?.html ?? '',
      bodyEnd:
        (page ? `<script type="application/json" id="ssr-state">${safeJson(page.state)}</script>` : '') +
        (preview ? previewBanner(preview) : '') +
        (content ? contentPreviewBanner() : ''),
    });
    // Only a complete server render is kept: a page with a region left to the browser is not.
    const tags = match && page?.complete ? pageTags(match.route.kind, apiPaths) : undefined;
    if (tags && meta.status === 200 && shareable) {
      cache.store(
        key,
        { body: html, contentType: 'text/html; charset=utf-8', cacheControl: 'no-cache' },
        {
          tags,
          since,
        },
      );
      res.setHeader('X-Cache', 'MISS');
    }
    return {
      status: meta.status,
      html,
      // A preview needs a staff session: staff covers it.
      personal: Boolean(staff) || Boolean(content),
      renderMs: performance.now() - started,
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

  return Object.assign(renderPage, { warm });
}
