import type { RequestHandler, Response } from 'express';
import { z } from 'zod';
import {
  API_PATHS,
  CONTENT_TYPE_NAMES,
  PREVIEW_KINDS,
  type PreviewType,
  publicReadsOf,
  fillPattern,
  matchPath,
  publishedListQuery,
  underApi,
} from '@agency/contracts';

/**
 * The content families public answers are built from: one per content type (its registry name) and
 * the site settings. A cached answer carries the families it used as tags; a staff write drops the
 * tags it changed, here and (through NOTIFY) on every instance.
 */
export const CONTENT_TAGS = [...CONTENT_TYPE_NAMES, 'site-settings'] as const;
export type ContentTag = (typeof CONTENT_TAGS)[number];
export const isContentTag = (value: string): value is ContentTag =>
  (CONTENT_TAGS as readonly string[]).includes(value);

const noQuery = z.object({}).strict();

export interface PublicRead {
  /** Path under /api (a pattern of API_PATHS); `:name` stands for one segment. */
  path: string;
  tags: readonly ContentTag[];
  /** The query parameters the route takes (strict): anything else is refused with 400. */
  query: z.ZodType<Record<string, string | undefined>>;
  /** Signed-in staff see drafts here: the answer differs with a staff cookie. */
  staffSeesDrafts?: true;
  /** Never kept in memory (still normalised, checked and marked like the others). */
  uncached?: true;
}

/**
 * The public reads the cache serves: every content type's (CONTENT_TYPES' `publicApi`), then the
 * site settings. A type whose answer counts something that must show at once (each download counts
 * itself in the resources list) is never kept in memory, so no anonymous request flushes the cache.
 */
export const PUBLIC_READS: readonly PublicRead[] = [
  ...CONTENT_TYPE_NAMES.flatMap((type): PublicRead[] => {
    const { list, item, drafts, uncached } = publicReadsOf(type);
    const common = {
      tags: [type],
      ...(drafts && { staffSeesDrafts: true as const }),
      ...(uncached && { uncached: true as const }),
    };
    return [
      ...(list ? [{ path: underApi(list), query: publishedListQuery, ...common }] : []),
      ...(item ? [{ path: underApi(item), query: noQuery, ...common }] : []),
    ];
  }),
  { path: underApi(API_PATHS.siteSettings), tags: ['site-settings'], query: noQuery },
];

/**
 * A library image's alt text and focal point (or its deletion) show in the items that use it: a case
 * study's picture, a post body's images, and the replacement social card of any item with a page.
 */
export const LIBRARY_FILE_TAGS: readonly ContentTag[] = Object.keys(PREVIEW_KINDS) as PreviewType[];

/**
 * Declares, on the way to a staff route, the families a successful write there changes: each content
 * type's mount names its registry tags (admin/content-types.ts), the trash those of the item's type.
 * Routes that declare none (sign-in, password, uploads, leads) change no public answer.
 */
export const dropsOnWrite =
  (tags: readonly ContentTag[]): RequestHandler =>
  (_req, res, next) => {
    declareDrops(res, tags);
    next();
  };
export const declareDrops = (res: Response, tags: readonly ContentTag[]) => {
  res.locals['dropsTags'] = tags;
};
/** The families the route that answered declared (see dropsOnWrite). */
export const tagsDroppedBy = (res: Response): readonly ContentTag[] =>
  (res.locals['dropsTags'] as readonly ContentTag[] | undefined) ?? [];

/** Public API paths (under /api) whose answers differ for a staff cookie, besides the cached reads. */
const OTHER_STAFF_VARIANTS = ['/page-meta'];

/** Mount paths (under /api) of every public answer that differs for staff. */
export const STAFF_VARIANT_PATHS: readonly string[] = [
  ...new Set([
    ...PUBLIC_READS.filter((r) => r.staffSeesDrafts).map((r) => `/${r.path.split('/')[1]}`),
    ...OTHER_STAFF_VARIANTS,
  ]),
];

/** `/Blog-Posts//my%2dpost/` → ['Blog-Posts', 'my-post']; undefined for a malformed escape. */
function decodedSegments(path: string): string[] | undefined {
  try {
    return path.split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    return undefined;
  }
}

/**
 * The public read a path (under /api) names, and its canonical spelling (the cache key): the read's
 * pattern filled with the parameters as given (their route validates them), so route words are in
 * lower case (Express matches them in any case), parameters have one escaping, and there are no
 * empty segments or trailing slash.
 */
export function matchPublicRead(path: string): { read: PublicRead; path: string } | undefined {
  const segments = decodedSegments(path);
  if (!segments) return undefined;
  const normalized = `/${segments.map(encodeURIComponent).join('/')}`;
  for (const read of PUBLIC_READS) {
    const params = matchPath(read.path, normalized);
    if (params) return { read, path: fillPattern(read.path, params) };
  }
  return undefined;
}
