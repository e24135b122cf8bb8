import path from 'node:path';
import { readFile, stat } from 'node:fs/promises';
import express, { Router, type Response } from 'express';
import type { Env } from '../env';
import type { Db } from '../db/client';
import { REMOTE_FOLDERS, buildRemotesManifest } from './remotes-manifest';
import { getStaffSession } from '../admin/staff-session';
import { resolvePageMeta } from './seo/page-meta';
import { renderHead } from './seo/render-head';
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

const staticOptions = {
  index: false,
  redirect: false,
  fallthrough: true,
  setHeaders: setStaticCacheHeaders,
} as const;

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

/** Serves the built shell, the remotes, the runtime manifest and the client-route fallback. */
export function siteRouter(env: Env, db: Db) {
  const router = Router();
  const shellDist = path.join(env.SITE_ROOT, 'shell', 'dist');
  const loadIndexHtml = createIndexHtmlLoader(path.join(shellDist, 'index.html'));

  router.get('/remotes-manifest.json', (_req, res) => {
    res.setHeader('Cache-Control', NO_CACHE);
    res.json(buildRemotesManifest(env));
  });

  for (const folder of Object.values(REMOTE_FOLDERS)) {
    router.use(`/remotes/${folder}`, express.static(path.join(env.SITE_ROOT, folder, 'dist'), staticOptions));
  }
  // Released remotes live in versioned folders, so every file there (entries included) is immutable.
  router.use(
    '/releases',
    express.static(env.RELEASES_DIR, {
      index: false,
      redirect: false,
      fallthrough: true,
      setHeaders: (res, filePath) => {
        if (filePath.endsWith('.json')) res.setHeader('Cache-Control', NO_CACHE);
        else res.setHeader('Cache-Control', IMMUTABLE);
      },
    }),
  );
  router.use(express.static(shellDist, staticOptions));
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
    const [site, staff] = await Promise.all([loadSiteDefaults(db), getStaffSession(req, db)]);
    const origin = publicOrigin(env, req);
    const meta = await resolvePageMeta(db, req.path, site, origin, { staff: Boolean(staff) });
    res
      .status(meta.status)
      .setHeader('Cache-Control', NO_CACHE)
      .type('html')
      .send(renderHead(html, meta, site.siteName, origin));
  });
  return router;
}
