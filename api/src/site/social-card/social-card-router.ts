import { Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { notFound } from '../../http/errors';
import { parseQuery } from '../../http/validate';
import { resolvePageMeta } from '../seo/page-meta';
import { loadSiteDefaults } from '../seo/site-defaults';
import { pageMetaQuery, publicOrigin } from '../seo/seo-router';
import { CARD_ROUTE, cardVersion } from '@agency/contracts';
import { renderCard } from './social-card';

export const socialCardQuery = z
  .object({
    path: pageMetaQuery.shape.path,
    v: z
      .string()
      .regex(/^[0-9a-f]{16}$/, 'v must be a card version')
      .optional(),
  })
  .strict();

/** Cards kept in memory, by version (a version is what is drawn, so a kept card is never stale). */
const KEPT_CARDS = 64;
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * GET /api/social-card.png?path=/blog/x&v=<version>: the page's social card, 1200×630 PNG, for the
 * public page at `path` (drafts and unknown pages: 404). The page's head names it with the version
 * of what is drawn on it; that address never changes its picture, so it is cached for a year. A
 * request for an older version (or none) gets the current card, to be asked for again.
 */
export function socialCardRouter(app: Pick<AppContext, 'env' | 'db' | 'clock'>) {
  const { env, db } = app;
  const router = Router();
  const kept = new Map<string, Promise<Buffer>>();
  const cardOf = (version: string, render: () => Promise<Buffer>) => {
    let card = kept.get(version);
    if (card) {
      kept.delete(version); // most recently used last
    } else {
      card = render();
      card.catch(() => kept.delete(version));
    }
    kept.set(version, card);
    while (kept.size > KEPT_CARDS) kept.delete(kept.keys().next().value!);
    return card;
  };

  router.get(CARD_ROUTE.replace(/^\/api/, ''), async (req, res) => {
    const { path, v } = parseQuery(socialCardQuery, req);
    const site = await loadSiteDefaults(db);
    const meta = await resolvePageMeta(app, path, site, publicOrigin(env));
    if (meta.status !== 200 || !meta.card) {
      res.setHeader('Cache-Control', 'no-cache');
      throw notFound('Page not found');
    }
    const spec = meta.card;
    const version = cardVersion(spec);
    const etag = `"card-${version}"`;
    res
      // A card is public by nature: other sites (chat apps' and social networks' web clients) show it.
      .setHeader('Cross-Origin-Resource-Policy', 'cross-origin')
      .setHeader('ETag', etag)
      .setHeader('Cache-Control', v === version ? IMMUTABLE : 'public, no-cache')
      .type('png');
    if (req.headers['if-none-match'] === etag) {
      res.status(304).end();
      return;
    }
    res.send(await cardOf(version, () => renderCard(db, spec)));
  });
  return router;
}
