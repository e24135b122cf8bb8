/**
 * The content types staff manage, once: the browser-safe half of the registry (names, labels, where
 * an item lives). The API's half (table, schema, order, the cache tags a write drops) is
 * api/src/admin/content-types.ts, keyed by the same names; the CMS's entity configs, its tabs and its
 * trash labels, the trash and revision types, the staff API's access rules and preview all derive
 * from this list. A type missing from either half is a type error there.
 */
import type { SiteRouteId } from './site-routes';
import { contentApiPaths } from './content-api-paths';

export interface ContentTypeInfo {
  /** What the API calls one item in its messages ('Blog post not found', 'Blog post "Launch"'). */
  label: string;
  /** Several of them, as the API's description groups their operations: 'Blog posts'. */
  plural: string;
  /** What the CMS calls one item (dialog titles, trash badges): 'Blog Post'. */
  singular: string;
  /** The CMS tab that lists the items. */
  tab: string;
  /**
   * The one-slug site route an item is shown at, when it has a public page of its own. Such a type is
   * also previewable: staff see drafts and unsaved edits at the item's page (`<page>?preview`).
   */
  siteRoute?: Extract<SiteRouteId, 'service' | 'case-study' | 'blog-post' | 'cms-page'>;
  /** Items carry a publish date: published with a date ahead is Scheduled, and goes live by itself. */
  scheduled?: true;
  /**
   * Its public reads, built by the API from the type's rows (`contentApiPaths`): live items for
   * visitors, cached under the type's tag, documented. Every type has some.
   */
  publicApi: PublicApiInfo;
  /**
   * One valid input item, for a type the demo seeds nothing of: the registry's test
   * (api/src/admin/content-types.test.ts) creates, trashes and restores it. A type with seed data
   * needs none (the test copies a seeded item).
   */
  example?: Readonly<Record<string, unknown>>;
}

/** What a type's public reads are: a list at `/api/<type>` and an item at `/api/<type>/:<key>`. */
export interface PublicApiInfo {
  /** No list (default: one, in the type's public order). */
  list?: false;
  /** The item's address parameter, a column of the type (default: `slug`); false: no item. */
  item?: 'identifier' | false;
  /**
   * Signed-in staff also see drafts and scheduled items (a list unless `?published=true`): what the
   * site renders for them shows what will go live. Without it, staff read what visitors read.
   */
  drafts?: true;
  /** Never kept in memory: the answer counts something that must show at once (downloads). */
  uncached?: true;
}

/** In the order of the CMS tabs (and of the trash's types). The key is the type's admin path segment. */
export const CONTENT_TYPES = {
  pages: {
    label: 'Page',
    plural: 'Pages',
    singular: 'Page',
    tab: 'Pages',
    siteRoute: 'cms-page',
    scheduled: true,
    publicApi: { list: false, drafts: true },
  },
  'content-blocks': {
    label: 'Content block',
    plural: 'Content blocks',
    singular: 'Content Block',
    tab: 'Content Blocks',
    publicApi: { list: false, item: 'identifier' },
  },
  services: {
    label: 'Service',
    plural: 'Services',
    singular: 'Service',
    tab: 'Services',
    siteRoute: 'service',
    publicApi: {},
  },
  'blog-posts': {
    label: 'Blog post',
    plural: 'Blog posts',
    singular: 'Blog Post',
    tab: 'Blog',
    siteRoute: 'blog-post',
    scheduled: true,
    publicApi: { drafts: true },
  },
  'case-studies': {
    label: 'Case study',
    plural: 'Case studies',
    singular: 'Case Study',
    tab: 'Case Studies',
    siteRoute: 'case-study',
    publicApi: { drafts: true },
  },
  testimonials: {
    label: 'Testimonial',
    plural: 'Testimonials',
    singular: 'Testimonial',
    tab: 'Testimonials',
    publicApi: { item: false },
  },
  resources: {
    label: 'Resource',
    plural: 'Resources',
    singular: 'Resource',
    tab: 'Resources',
    publicApi: { item: false, drafts: true, uncached: true },
  },
} as const satisfies Record<string, ContentTypeInfo>;

export type ContentType = keyof typeof CONTENT_TYPES;
export const CONTENT_TYPE_NAMES = Object.keys(CONTENT_TYPES) as [ContentType, ...ContentType[]];

/** The staff API collection of a type: `/api/admin/blog-posts`. */
export const adminPathOf = <T extends ContentType>(type: T): `/api/admin/${T}` => `/api/admin/${type}`;

type Having<Flag extends keyof ContentTypeInfo> = {
  [T in ContentType]: (typeof CONTENT_TYPES)[T] extends Record<Flag, unknown> ? T : never;
}[ContentType];

const having = <Flag extends keyof ContentTypeInfo>(flag: Flag) =>
  CONTENT_TYPE_NAMES.filter((t) => flag in CONTENT_TYPES[t]) as Having<Flag>[];

/** The types staff preview (those with a public page), and the site route kind each renders as. */
export type PreviewType = Having<'siteRoute'>;
export const PREVIEW_KINDS = Object.fromEntries(
  having('siteRoute').map((t) => [t, (CONTENT_TYPES[t] as ContentTypeInfo).siteRoute]),
) as { [T in PreviewType]: (typeof CONTENT_TYPES)[T]['siteRoute'] };

/** The type whose items a page kind shows (PREVIEW_KINDS read the other way); undefined: none. */
export const previewTypeOf = (kind: string): PreviewType | undefined =>
  (Object.keys(PREVIEW_KINDS) as PreviewType[]).find((type) => PREVIEW_KINDS[type] === kind);

/** A type's public reads (CONTENT_TYPES' `publicApi`): the list's and the item's address, where it has them. */
export const publicReadsOf = (type: ContentType) => {
  const { list, item = 'slug', drafts, uncached } = CONTENT_TYPES[type].publicApi as PublicApiInfo;
  const paths = contentApiPaths(type, item || 'slug');
  return {
    list: list === false ? undefined : paths.list,
    item: item === false ? undefined : paths.item,
    /** The item's address parameter. */
    key: item || 'slug',
    drafts: drafts === true,
    uncached: uncached === true,
  };
};

/** The types with a publish date: the cache drops their answers when a scheduled item goes live. */
export type ScheduledType = Having<'scheduled'>;
export const SCHEDULED_TYPES: readonly ScheduledType[] = having('scheduled');
