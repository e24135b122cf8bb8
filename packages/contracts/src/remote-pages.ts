import { z } from 'zod';
import { CONTENT_INPUT_SCHEMAS } from './admin';
import { CONTENT_TYPE_NAMES, type ContentType } from './content-types';
import type { PageKind, RemotePage } from './site-routes';

/** A path pattern: `/`, or `/`-separated lowercase segments and `:param`s. */
const PATH_PATTERN = /^\/$|^(\/(:[a-zA-Z][a-zA-Z0-9]*|[a-z0-9][a-z0-9._-]*))+$/;

/** The content types whose items have a slug (a `slug` field in their input schema). */
export type SitemapItemType = {
  [T in ContentType]: 'slug' extends keyof (typeof CONTENT_INPUT_SCHEMAS)[T]['shape'] ? T : never;
}[ContentType];

/**
 * The content types a page may list in the sitemap (`sitemap: { items }`): those of the registry whose
 * items have a slug, the page's parameter. A new type with a slug is one of them as it is.
 */
export const SITEMAP_ITEM_TYPES = CONTENT_TYPE_NAMES.filter(
  (type) => 'slug' in CONTENT_INPUT_SCHEMAS[type].shape,
) as [SitemapItemType, ...SitemapItemType[]];

/**
 * The format `pages.json` is written in (packages/federation-config/publish-pages.ts). A file without
 * one was built before pages declared their sitemap items: its one-slug pages (kind `service`,
 * `case-study`, `blog-post`) list their kind's items, as the sitemap did for them then.
 */
export const PAGES_FORMAT = 2;
const LEGACY_SITEMAP_ITEMS: Partial<Record<PageKind, SitemapItemType>> = {
  service: 'services',
  'case-study': 'case-studies',
  'blog-post': 'blog-posts',
};

const paramsOf = (pattern: string) => pattern.split('/').filter((s) => s.startsWith(':')).length;

const RemotePageSchema = z
  .object({
    id: z.string().regex(/^[a-z][a-z0-9-]{0,63}$/),
    path: z.string().max(200).regex(PATH_PATTERN),
    module: z.string().regex(/^[A-Z][A-Za-z0-9]{0,63}$/),
    kind: z.enum(['static', 'service', 'case-study', 'blog-post', 'cms-page', 'app']),
    layout: z.enum(['site', 'bare']),
    head: z
      .object({
        title: z.string().min(1).max(200),
        description: z.string().max(500).optional(),
        noindex: z.boolean().optional(),
      })
      .optional(),
    inSitemap: z.boolean().optional(),
    sitemap: z
      .object({ items: z.enum(SITEMAP_ITEM_TYPES) })
      .strict()
      .optional(),
    label: z.string().min(1).max(60).optional(),
    feed: z.string().regex(PATH_PATTERN).optional(),
    nav: z.object({ header: z.number().int().optional(), footer: z.number().int().optional() }).optional(),
    movedFrom: z.array(z.string().max(200).regex(PATH_PATTERN)).max(20).optional(),
  })
  .refine((p) => !p.sitemap || paramsOf(p.path) === 1, {
    path: ['sitemap'],
    message: 'lists items only on a path with one parameter (filled with each item’s slug)',
  });

/**
 * Reads a release's `pages.json` tolerantly: the pages that are valid, each problem named (a page
 * that does not parse is left out, the others still serve); undefined when the file is not a list of
 * pages at all (the release then serves the pages its remote had before pages.json).
 */
export function readRemotePages(text: string): { pages: RemotePage[]; problems: string[] } | undefined {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined;
  }
  const list = (json as { pages?: unknown } | null)?.pages;
  if (!Array.isArray(list)) return undefined;
  const before = (json as { format?: unknown }).format === undefined;
  const pages: RemotePage[] = [];
  const problems: string[] = [];
  for (const [i, item] of list.entries()) {
    const parsed = RemotePageSchema.safeParse(item);
    if (!parsed.success) {
      problems.push(
        `page ${i} (${String((item as { path?: unknown } | null)?.path)}): ${parsed.error.issues.map((x) => `${x.path.join('.')} ${x.message}`).join('; ')}`,
      );
      continue;
    }
    const page = parsed.data as RemotePage;
    const items = before && !page.sitemap ? LEGACY_SITEMAP_ITEMS[page.kind] : undefined;
    pages.push(items && paramsOf(page.path) === 1 ? { ...page, sitemap: { items } } : page);
  }
  return { pages, problems };
}
