import { z } from 'zod';
import { publishedListQuery } from '@agency/contracts';

/**
 * The content families public answers are built from. A cached answer carries the families it used
 * as tags; a staff write drops the tags it changed, here and (through NOTIFY) on every instance.
 */
export const CONTENT_TAGS = [
  'services',
  'testimonials',
  'content-blocks',
  'case-studies',
  'blog-posts',
  'resources',
  'pages',
  'site-settings',
] as const;
export type ContentTag = (typeof CONTENT_TAGS)[number];
export const isContentTag = (value: string): value is ContentTag =>
  (CONTENT_TAGS as readonly string[]).includes(value);

const noQuery = z.object({}).strict();

export interface PublicRead {
  /** Path under /api; `:name` stands for one segment. */
  path: string;
  tags: readonly ContentTag[];
  /** The query parameters the route takes (strict): anything else is refused with 400. */
  query: z.ZodType<Record<string, string | undefined>>;
  /** Signed-in staff see drafts here: the answer differs with a staff cookie. */
  staffSeesDrafts?: true;
  /** Never kept in memory (still normalised, checked and marked like the others). */
  uncached?: true;
}

/** The public reads the cache serves. */
export const PUBLIC_READS: readonly PublicRead[] = [
  { path: '/services', tags: ['services'], query: publishedListQuery },
  { path: '/services/:slug', tags: ['services'], query: noQuery },
  { path: '/testimonials', tags: ['testimonials'], query: publishedListQuery },
  { path: '/content-blocks/:identifier', tags: ['content-blocks'], query: noQuery },
  { path: '/case-studies', tags: ['case-studies'], query: publishedListQuery, staffSeesDrafts: true },
  { path: '/case-studies/:slug', tags: ['case-studies'], query: noQuery, staffSeesDrafts: true },
  { path: '/blog-posts', tags: ['blog-posts'], query: publishedListQuery, staffSeesDrafts: true },
  { path: '/blog-posts/:slug', tags: ['blog-posts'], query: noQuery, staffSeesDrafts: true },
  // Every download (ungated, or a gated lead) counts itself in this list, and the count must show at
  // once; anonymous requests must never flush the cache, so the list is not kept in memory at all.
  {
    path: '/resources',
    tags: ['resources'],
    query: publishedListQuery,
    staffSeesDrafts: true,
    uncached: true,
  },
  { path: '/pages/:slug', tags: ['pages'], query: noQuery, staffSeesDrafts: true },
  { path: '/site-settings', tags: ['site-settings'], query: noQuery },
];

/**
 * Staff write routes under /api/admin and the families they change. Anything not listed (sign-in,
 * password, uploads, leads) changes no public answer. A library image's alt text (or its deletion)
 * shows in the case studies and blog posts that use it.
 */
export const ADMIN_WRITE_TAGS: Readonly<Record<string, readonly ContentTag[]>> = {
  '/services': ['services'],
  '/testimonials': ['testimonials'],
  '/content-blocks': ['content-blocks'],
  '/case-studies': ['case-studies'],
  '/blog-posts': ['blog-posts'],
  '/resources': ['resources'],
  '/pages': ['pages'],
  '/site-settings': ['site-settings'],
  '/media': ['case-studies', 'blog-posts'],
};

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
 * The public read a path (under /api) names, and its canonical spelling: route words in lower case
 * (Express matches them in any case), parameters as given (their route validates them) with one
 * escaping, no empty segments or trailing slash.
 */
export function matchPublicRead(path: string): { read: PublicRead; path: string } | undefined {
  const segments = decodedSegments(path);
  if (!segments) return undefined;
  for (const read of PUBLIC_READS) {
    const pattern = read.path.split('/').slice(1);
    if (pattern.length !== segments.length) continue;
    const canonical = pattern.map((p, i) => (p.startsWith(':') ? segments[i]! : segments[i]!.toLowerCase()));
    if (pattern.every((p, i) => p.startsWith(':') || p === canonical[i])) {
      return { read, path: `/${canonical.map(encodeURIComponent).join('/')}` };
    }
  }
  return undefined;
}

/**
 * The tags a staff write to `path` (under /api/admin) changes. Restoring or deleting from the trash
 * (`/trash/<type>/…`) changes the type's family.
 */
export function tagsChangedBy(path: string): readonly ContentTag[] {
  const segments = decodedSegments(path)?.map((s) => s.toLowerCase()) ?? [];
  const family = segments[0] === 'trash' ? segments[1] : segments[0];
  return (family && ADMIN_WRITE_TAGS[`/${family}`]) || [];
}
