import path from 'node:path';
import { readFile } from 'node:fs/promises';
import { Router, type Request, type RequestHandler, type Response } from 'express';
import type { RequestListener } from 'node:http';
import type { AppContext } from '../app-context';
import { REMOTE_FOLDERS, type RemoteName } from '@agency/contracts';
import { buildRemotesManifest, requestVersions } from './remotes-manifest';
import { precompressedStatic } from './precompressed-static';
import { discoveryRouter } from './seo/seo-router';
import { pageRenderer } from './render/page-renderer';
import { sendPage, type PageAnswer } from './render/page-answer';
import { staffVariant } from '../http/staff-variants';
import { remotePreview } from './remote-preview';
import { canaryOverrides } from './canary';
import { postedPreviewRoute, storedPreview, type ContentPreview } from './content-preview';
import type { PublicCache } from '../http/public-cache';
import { movedPermanently, pageTarget, withQueryOf, type PageAddress } from './page-address';
import { isDatabaseUnavailable } from '../http/errors';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const NO_CACHE = 'no-cache';

/** Hashed build output (`assets/…-<hash>.js`) never changes under its name; entries and HTML always revalidate. */
function setStaticCacheHeaders(res: Response, filePath: string) {
  const rel = filePath.split(path.sep).join('/');
  if (/\/assets\//.test(rel) && !rel.endsWith('remoteEntry.js')) res.setHeader('Cache-Control', IMMUTABLE);
  else res.setHeader('Cache-Control', NO_CACHE);
}

/** Static files of a build, except its server build (`server/`), which is for Node only. */
const browserFiles =
  (serve: RequestHandler): RequestHandler =>
  (req, res, next) =>
    /(^|\/)server\//.test(req.path) ? next() : serve(req, res, next);

/** Serves the built shell, the remotes, the runtime manifest and every page, rendered on the server. */
export function siteRouter(
  context: Pick<AppContext, 'env' | 'db' | 'log' | 'clock' | 'releases' | 'siteTables'>,
  app: RequestListener,
  cache: PublicCache,
  /** Counts a page answered for the route's remote and its version (ops/metrics.ts's pageView). */
  metrics?: {
    pageView: (remote: RemoteName, version: string) => void;
    /** Counts a server render that failed (site/canary-guard.ts). */
    renderFailed?: (remote: RemoteName, version: string) => void;
  },
) {
  const { env, log, releases, siteTables: tables } = context;
  const router = Router();
  const shellDist = path.join(env.SITE_ROOT, 'shell', 'dist');
  const renderPage = pageRenderer(context, app, cache, metrics?.pageView, metrics?.renderFailed);

  // A staff preview (kept in its cookie) is this browser's manifest too; it is never shared (staffVariant).
  router.get('/remotes-manifest.json', staffVariant, async (req, res, next) => {
    try {
      const { overrides } = await remotePreview(context, req, res, { fromQuery: false });
      // The same versions as this visitor's pages: its canary draws, then a staff preview's over them.
      const state = releases.state();
      const versions = requestVersions(state, canaryOverrides(req, res, state), overrides);
      res.setHeader('Cache-Control', NO_CACHE);
      const table = await tables.tableFor(versions);
      res.json({ ...buildRemotesManifest(context, { overrides: versions, state }), routes: table.routes });
    } catch (err) {
      next(err);
    }
  });

  for (const folder of Object.values(REMOTE_FOLDERS)) {
    router.use(
      `/remotes/${folder}`,
      browserFiles(precompressedStatic(path.join(env.SITE_ROOT, folder, 'dist'), setStaticCacheHeaders)),
    );
  }
  // Released remotes live in versioned folders, so every file there (entries included) is immutable.
  const releaseCaching = (file: string) => (file.endsWith('.json') ? NO_CACHE : IMMUTABLE);
  router.use('/releases', browserFiles(releases.browserFiles(releaseCaching, precompressedStatic)));
  // Every file of a build has an extension; a path without one is a page, which no file lookup
  // (up to three stats: .br, .gz, plain) may slow down.
  const shellFiles = browserFiles(precompressedStatic(shellDist, setStaticCacheHeaders));
  router.use((req, res, next) => (path.extname(req.path) ? shellFiles(req, res, next) : next()));
  router.use(discoveryRouter(context));

  /**
   * Answers the page at `address` (default: req.path's; with `content`: a staff preview of one item
   * there).
   */
  const answerPage = async (req: Request, res: Response, content?: ContentPreview, address?: PageAddress) => {
    let answer: PageAnswer | undefined;
    try {
      const preview = await remotePreview(context, req, res);
      if (preview.refused) {
        res
          .status(400)
          .setHeader('Cache-Control', 'private, no-store')
          .type('text/plain')
          .send(preview.refused);
        return;
      }
      const state = releases.state();
      const versions = requestVersions(state, canaryOverrides(req, res, state), preview.overrides);
      // The route table of these versions (their pages.json), looked up once for the request.
      const table = await tables.tableFor(versions);
      // A page its release moved (`movedFrom` in its pages.json): the old address answers 301 while
      // nothing but the catch-all CMS page would answer there.
      if (address && req.method !== 'POST') {
        const kind = table.match(address.path)?.route.kind;
        const moved = (kind === undefined || kind === 'cms-page') && table.movedTo(address.path);
        if (moved) return movedPermanently(res, withQueryOf(moved, req.url), 3600);
      }
      content ??= await storedPreview(context, req);
      answer = await renderPage(req, res, {
        state,
        versions,
        table,
        preview: preview.overrides,
        content,
        ...(address ? { address } : {}),
      });
    } catch (err) {
      const shell = await readFile(path.join(shellDist, 'index.html'), 'utf8').catch(() => undefined);
      if (isDatabaseUnavailable(err)) {
        // Database unreachable or stuck: 503 with Retry-After, so crawlers and caches keep the page
        // they have and come back; a browser still gets the plain shell, which loads what it can.
        log.warn({ err, path: req.path }, 'page unavailable; answering 503 with the plain shell');
        res
          .status(503)
          .setHeader('Retry-After', '5')
          .setHeader('Cache-Control', 'no-store')
          .type(shell ? 'html' : 'text/plain')
          .send(shell ?? 'Service temporarily unavailable');
        return;
      }
      // Anything else: the plain shell still loads (generic head); data sections show their errors.
      log.warn({ err, path: req.path }, 'page unavailable; serving the plain shell');
      if (shell) answer = { kind: 'page', page: { status: 200, html: shell, personal: false, renderMs: 0 } };
    }
    if (!answer) {
      res.status(503).type('text/plain').send('The site is not built yet. Run `npm run build`.');
      return;
    }
    sendPage(req, res, cache, answer, { noindex: Boolean(content) });
  };

  // Staff see drafts in the page (head and text): their HTML is never shared.
  router.get('/{*splat}', staffVariant, async (req, res, next) => {
    // Paths with a file extension are assets: a missing one is a plain 404, never the shell.
    if (
      path.extname(req.path) ||
      req.path.startsWith('/api/') ||
      req.path.startsWith('/remotes/') ||
      req.path.startsWith('/releases/')
    )
      return next();
    // One address per page, decided before anything renders or is cached: /about/, //about,
    // /%61bout, /About and `GET http://any.host/about` are all /about, redirected permanently (on
    // this site: the Location is a path that starts with exactly one slash).
    const target = pageTarget(req);
    if (target.kind === 'bad-request') {
      res.status(400).type('text/plain').send('Bad request');
      return;
    }
    if (target.kind === 'redirect') return movedPermanently(res, target.location, 3600);
    await answerPage(req, res, undefined, target.address);
  });
  // An editor's unsaved values, previewed at the item's own address (see content-preview.ts).
  router.post(
    '/{*splat}',
    staffVariant,
    ...postedPreviewRoute(context, (content) => (req, res) => answerPage(req, res, content)),
  );
  // The server loads the page builds before it listens (see pageRenderer's warm).
  // checkPage: one page rendered with given versions, for the preflight of a release (preflight.ts).
  return Object.assign(router, { warm: renderPage.warm, checkPage: renderPage.checkPage });
}
