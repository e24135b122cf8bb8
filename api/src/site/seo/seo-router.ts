import { Readable } from 'node:stream';
import { Router } from 'express';
import { SitemapStream, streamToPromise } from 'sitemap';
import { create } from 'xmlbuilder2';
import { desc, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import {
  BLOG_FEED_PATH,
  CARD_HEIGHT,
  CARD_ROUTE,
  CARD_WIDTH,
  cardAlt,
  cardUrl,
  SITEMAP_ITEM_TYPES,
  fullTitle,
  type SitemapItemType,
} from '@agency/contracts';
import type { AppContext } from '../../app-context';
import { redirectedPaths } from '../../admin/redirect-store';
import type { Env } from '../../env';
import { blogPosts } from '../../db/schema';
import { CONTENT_ENTRIES } from '../../content/content-type-entries';
import { getStaffSession } from '../../http/staff-session';
import { visibleRows } from '../../content/visibility';
import { parseQuery } from '../../http/validate';
import { resolvePageMeta } from './page-meta';
import { loadSiteDefaults } from './site-defaults';

/** The public origin for absolute URLs: always PUBLIC_URL, never the request's Host header (a client can forge it). */
export function publicOrigin(env: Pick<Env, 'PUBLIC_URL'>): string {
  return env.PUBLIC_URL;
}

export const pageMetaQuery = z
  .object({
    path: z
      .string()
      .max(300)
      .regex(/^\/[^\s\u0000-\u001f]*$/, 'path must be an absolute path'),
  })
  .strict();

/**
 * GET /api/page-meta?path=…: a path's head as the database gives it (the server's fallback head, see
 * page-meta.ts), for API clients; the site's own pages declare their heads themselves.
 */
export function pageMetaRouter(app: Pick<AppContext, 'env' | 'db' | 'clock' | 'siteTables'>) {
  const { env, db, siteTables } = app;
  const router = Router();
  router.get('/page-meta', async (req, res) => {
    const { path } = parseQuery(pageMetaQuery, req);
    const [site, staff, table] = await Promise.all([
      loadSiteDefaults(db),
      getStaffSession(req, db),
      siteTables.live(),
    ]);
    const origin = publicOrigin(env);
    const meta = await resolvePageMeta(app, path, site, origin, {
      staff: Boolean(staff),
      routes: table.routes,
    });
    res.setHeader('Cache-Control', 'no-cache');
    res.json({
      status: meta.status,
      title: fullTitle(meta, site.siteName),
      description: meta.description,
      canonical: `${origin}${meta.path}`,
      noindex: Boolean(meta.noindex),
      // The page's social card, as its head names it (null: a missing page has none).
      image: meta.card
        ? {
            url: cardUrl(origin, meta.path, meta.card),
            width: CARD_WIDTH,
            height: CARD_HEIGHT,
            alt: cardAlt(meta.card),
          }
        : null,
    });
  });
  return router;
}

const BLOG_FEED_DESCRIPTION = 'Practical articles on SEO, paid media, analytics and growth strategy.';
/** The urlset carries only the sitemap namespace: no news, image, video or xhtml entries are listed. */
const NO_EXTENSIONS = { news: false, xhtml: false, image: false, video: false };

interface SitemapItem {
  slug: string;
  updatedAt: string;
}

/** The published items of a content type with a slug, in the order the registry lists them. */
async function publishedItems(
  { db, clock }: Pick<AppContext, 'db' | 'clock'>,
  type: SitemapItemType,
): Promise<SitemapItem[]> {
  const entry = CONTENT_ENTRIES[type];
  const table = entry.table as typeof entry.table & { slug: PgColumn; published: PgColumn };
  return (await db
    .select({ slug: table.slug, updatedAt: table.updatedAt })
    .from(table)
    .where(visibleRows(clock, table))
    .orderBy(...(entry.publicOrder ?? entry.orderBy))) as SitemapItem[];
}

/** /sitemap.xml, /robots.txt and the blog's RSS feed, always from the current published data. */
export function discoveryRouter(app: Pick<AppContext, 'env' | 'db' | 'clock' | 'siteTables'>) {
  const { env, db, clock, siteTables } = app;
  const router = Router();

  router.get('/robots.txt', (req, res) => {
    const origin = publicOrigin(env);
    res
      .type('text/plain')
      .setHeader('Cache-Control', 'public, max-age=3600')
      // `/cms$` and `/cms/` block the CMS and everything under it, not a page whose slug starts with
      // "cms" (`Disallow: /cms` alone is a prefix rule: it would block /cms-guide too). Social sites'
      // crawlers fetch the cards under /api/, so the social card route is allowed by name.
      .send(
        `User-agent: *\nAllow: /\nAllow: ${CARD_ROUTE}\nDisallow: /cms$\nDisallow: /cms/\nDisallow: /api/\n\nSitemap: ${origin}/sitemap.xml\n`,
      );
  });

  router.get('/sitemap.xml', async (req, res) => {
    const origin = publicOrigin(env);
    const [table, redirected, ...lists] = await Promise.all([
      siteTables.live(),
      redirectedPaths(db),
      ...SITEMAP_ITEM_TYPES.map((type) => publishedItems(app, type)),
    ]);
    const items = new Map(SITEMAP_ITEM_TYPES.map((type, i) => [type, lists[i]!]));
    const newest = (rows: readonly SitemapItem[]) =>
      rows.reduce((max, r) => (r.updatedAt > max ? r.updatedAt : max), '1970-01-01T00:00:00Z');
    const allContent = lists.flat();
    const siteUpdated = allContent.length ? newest(allContent) : new Date().toISOString();
    // A listing page changes when its items do: the page one level above a page that lists its items
    // (/blog above /blog/:slug). Every other fixed page with the site's newest change.
    const listedAt = new Map(
      table.routes.flatMap((r) => (r.sitemap ? [[r.path.replace(/\/:\w+$/, ''), r.sitemap.items]] : [])),
    );
    const lastmodOf = (path: string) => {
      const rows = items.get(listedAt.get(path) as SitemapItemType);
      return rows?.length ? newest(rows) : siteUpdated;
    };
    // The pages of the current releases (site-table.ts), each release adding or removing its own: the
    // fixed pages in the sitemap as they are, and a page that lists its items (`sitemap: { items }`,
    // the CMS pages' catch-all too) once per published item, at its own path.
    const entries = table.routes.flatMap((r): { path: string; lastmod: string }[] => {
      if (r.sitemap)
        return (items.get(r.sitemap.items as SitemapItemType) ?? []).map((item) => ({
          path: r.path.replace(/:\w+/, () => encodeURIComponent(item.slug)),
          lastmod: item.updatedAt,
        }));
      return r.inSitemap ? [{ path: r.path, lastmod: lastmodOf(r.path) }] : [];
    });
    // The sitemap library writes the protocol (escaping, date-only lastmod); we only say what is listed.
    const sitemap = new SitemapStream({ hostname: origin, lastmodDateOnly: true, xmlns: NO_EXTENSIONS });
    const xml = await streamToPromise(
      Readable.from(
        // An address that redirects (admin/redirect-store.ts) is never listed, even when a page is there.
        entries
          .filter((e) => !redirected.has(e.path))
          .map((e) => ({ url: origin + e.path, lastmod: e.lastmod })),
      ).pipe(sitemap),
    );
    res.type('application/xml').setHeader('Cache-Control', 'no-cache').send(xml);
  });

  router.get(BLOG_FEED_PATH, async (req, res) => {
    const origin = publicOrigin(env);
    const site = await loadSiteDefaults(db);
    const posts = await db
      .select()
      .from(blogPosts)
      .where(visibleRows(clock, blogPosts))
      .orderBy(sql`${blogPosts.publishedAt} desc nulls last`, desc(blogPosts.createdAt))
      .limit(20);
    const link = (slug: string) => `${origin}/blog/${slug}`;
    // Stored text is plain. xmlbuilder2 takes an '&' that starts an entity-like run ('&amp;', '&#39;') as
    // already escaped, and its object form decodes such runs, so stored '&amp;' would read back as '&'.
    // Each text goes through .txt() with its every '&' escaped first; the library escapes '<' and '>'.
    const plain = (value: string) => value.replace(/&/g, '&amp;');
    // Built as a tree, so the XML library writes the markup; newest post first (the query's order).
    const rss = create({ version: '1.0', encoding: 'UTF-8' }).ele('rss', {
      version: '2.0',
      'xmlns:atom': 'http://www.w3.org/2005/Atom',
      'xmlns:dc': 'http://purl.org/dc/elements/1.1/',
    });
    const channel = rss.ele('channel');
    const add = (parent: typeof channel, name: string, value: string) => parent.ele(name).txt(plain(value));
    add(channel, 'title', `${site.siteName} Blog`);
    add(channel, 'link', `${origin}/blog`);
    add(channel, 'description', BLOG_FEED_DESCRIPTION);
    add(channel, 'language', 'en-us');
    channel.ele('atom:link', { href: origin + BLOG_FEED_PATH, rel: 'self', type: 'application/rss+xml' });
    for (const p of posts) {
      const item = channel.ele('item');
      add(item, 'title', p.title);
      add(item, 'link', link(p.slug));
      item.ele('guid', { isPermaLink: 'true' }).txt(plain(link(p.slug)));
      add(item, 'description', p.excerpt);
      add(item, 'category', p.category);
      add(item, 'dc:creator', p.author);
      add(item, 'pubDate', new Date(p.publishedAt ?? p.createdAt).toUTCString());
    }
    res
      .type('application/rss+xml')
      .setHeader('Cache-Control', 'no-cache')
      .send(rss.end({ prettyPrint: true }) + '\n');
  });
  return router;
}
