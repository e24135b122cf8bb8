/**
 * The content types staff manage, once: the browser-safe half of the registry (names, labels, where
 * an item lives). The API's half (table, schema, order, the cache tags a write drops) is
 * api/src/admin/content-types.ts, keyed by the same names; the CMS's entity configs, its tabs and its
 * trash labels, the trash and revision types, the staff API's access rules and preview all derive
 * from this list. A type missing from either half is a type error there.
 */
import type { SiteRouteId } from './site-routes';

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
   * A public list and item, built by the API from the type's rows (`contentApiPaths`): live items for
   * visitors (staff also drafts, unless `?published=true`), cached under the type's tag, documented.
   */
  publicApi?: true;
  /**
   * One valid input item, for a type the demo seeds nothing of: the registry's test
   * (api/src/admin/content-types.test.ts) creates, trashes and restores it. A type with seed data
   * needs none (the test copies a seeded item).
   */
  example?: Readonly<Record<string, unknown>>;
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
  },
  'content-blocks': {
    label: 'Content block',
    plural: 'Content blocks',
    singular: 'Content Block',
    tab: 'Content Blocks',
  },
  services: {
    label: 'Service',
    plural: 'Services',
    singular: 'Service',
    tab: 'Services',
    siteRoute: 'service',
  },
  'blog-posts': {
    label: 'Blog post',
    plural: 'Blog posts',
    singular: 'Blog Post',
    tab: 'Blog',
    siteRoute: 'blog-post',
    scheduled: true,
    publicApi: true,
  },
  'case-studies': {
    label: 'Case study',
    plural: 'Case studies',
    singular: 'Case Study',
    tab: 'Case Studies',
    siteRoute: 'case-study',
    publicApi: true,
  },
  testimonials: {
    label: 'Testimonial',
    plural: 'Testimonials',
    singular: 'Testimonial',
    tab: 'Testimonials',
  },
  resources: { label: 'Resource', plural: 'Resources', singular: 'Resource', tab: 'Resources' },
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

/** The types whose public list and item the API builds from the registry. */
export type PublicApiType = Having<'publicApi'>;
export const PUBLIC_API_TYPES: readonly PublicApiType[] = having('publicApi');

/** The types with a publish date: the cache drops their answers when a scheduled item goes live. */
export type ScheduledType = Having<'scheduled'>;
export const SCHEDULED_TYPES: readonly ScheduledType[] = having('scheduled');
