import path from 'node:path';
import { readFile, stat } from 'node:fs/promises';
import { Router, type Response } from 'express';
import type { RemoteName, RemotesManifest } from '@agency/contracts';
import type { Env } from '../env';
import type { Logger } from 'pino';
import type { Db } from '../db/client';
import { REMOTE_FOLDERS } from '@agency/contracts';
import { buildRemotesManifest } from './remotes-manifest';
import { precompressedStatic } from './precompressed-static';
import { remoteForPath } from './route-remote';
import { getStaffSession } from '../admin/staff-session';
import { resolvePageMeta } from './seo/page-meta';
import { renderHead } from './seo/render-head';
import { renderMainText, withMainText } from './seo/main-text';
import { pageRows } from './seo/page-rows';
import { loadSiteDefaults } from './seo/site-defaults';
import { discoveryRouter, publicOrigin } from './seo/seo-router';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const NO_CACHE = 'no-cache';

/** Hashed build output (`assets/…-<hash>.js`) never changes under its name; entries and HTML always revalidate. */
function setStaticCacheHeaders(res: Response, filePath: string) {
  const rel = filePath.split(path.sep).join('/');
  if (/\/assets\//.test(rel) && !rel.endsWith('remoteEntry.js')) res.setHeader('Cache-Control', IMMUTABLE);
  else res.setHeader('Cache-Control', NO_CACHE);
}

function createIndexHtmlLoader(file: string) {
  let cached: { mtimeMs: number; html: string } | undefined;
  return async (): Promise<string | undefined> => {
    try {
      const s = await stat(file);
      if (!cached || cached.mtimeMs !== s.mtimeMs)
        cached = { mtimeMs: s.mtimeMs, html: await readFile(file, 'utf8') };
      return cached.html;
    } catch {
      return undefined;
    }
  };
}

/**
 * Saves the shell two serial round trips: the current manifest travels inside the HTML (a JSON data
 * block, which CSP does not treat as script), and the route's remote entry is preloaded in parallel.
 */
function withRuntimeHints(html: string, manifest: RemotesManifest, remote: RemoteName | undefined): string {
  const json = JSON.stringify(manifest).replace(/</g, '\\u003c');
  const entry = remote ? manifest.remotes[remote].entry : undefined;
  const hints = [
    ...(entry ? [`<link rel="modulepreload" crossorigin href="${entry.replace(/"/g, '&quot;')}" />`] : []),
    `<script type="application/json" id="remotes-manifest">${json}</script>`,
  ].join('\n    ');
  return html.replace('</head>', `    ${hints}\n  </head>`);
}

/** Serves the built shell, the remotes, the runtime manifest and the client-route fallback. */
export function siteRouter(env: Env, db: Db, log: Logger) {
  const router = Router();
  const shellDist = path.join(env.SITE_ROOT, 'shell', 'dist');
  const loadIndexHtml = createIndexHtmlLoader(path.join(shellDist, 'index.html'));

  router.get('/remotes-manifest.json', (_req, res) => {
    res.setHeader('Cache-Control', NO_CACHE);
    res.json(buildRemotesManifest(env));
  });

  for (const folder of Object.values(REMOTE_FOLDERS)) {
    router.use(
      `/remotes/${folder}`,
      precompressedStatic(path.join(env.SITE_ROOT, folder, 'dist'), setStaticCacheHeaders),
    );
  }
  // Released remotes live in versioned folders, so every file there (entries included) is immutable.
  router.use(
    '/releases',
    precompressedStatic(env.RELEASES_DIR, (res, filePath) =>
      res.setHeader('Cache-Control', filePath.endsWith('.json') ? NO_CACHE : IMMUTABLE),
    ),
  );
  router.use(precompressedStatic(shellDist, setStaticCacheHeaders));
  router.use(discoveryRouter(env, db));

  router.get('/{*splat}', async (req, res, next) => {
    // Paths with a file extension are assets: a missing one is a plain 404, never the shell.
    if (
      path.extname(req.path) ||
      req.path.startsWith('/api/') ||
      req.path.startsWith('/remotes/') ||
      req.path.startsWith('/releases/')
    )
      return next();
    const html = await loadIndexHtml();
    if (!html) {
      res.status(503).type('text/plain').send('The site is not built yet. Run `npm run build`.');
      return;
    }
    const manifest = buildRemotesManifest(env);
    let page: { status: number; html: string };
    try {
      const [site, staff] = await Promise.all([loadSiteDefaults(db), getStaffSession(req, db)]);
      const origin = publicOrigin(env, req);
      const rows = pageRows(db);
      const meta = await resolvePageMeta(db, req.path, site, origin, { staff: Boolean(staff), rows });
      const remote = meta.status === 200 ? remoteForPath(req.path) : undefined;
      const mainText = await renderMainText(db, meta, rows);
      page = {
        status: meta.status,
        html: withMainText(
          withRuntimeHints(renderHead(html, meta, site.siteName, origin), manifest, remote),
          mainText,
        ),
      };
    } catch (err) {
      // Database unreachable: the shell still renders (with its generic head); data sections show their errors.
      log.warn({ err, path: req.path }, 'page head unavailable; serving the plain shell');
      page = { status: 200, html: withRuntimeHints(html, manifest, remoteForPath(req.path)) };
    }
    res.status(page.status).setHeader('Cache-Control', NO_CACHE).type('html').send(page.html);
  });
  return router;
}
