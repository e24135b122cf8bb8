import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { PageKind } from '@agency/contracts';
import { blogPosts, caseStudies, pages, services } from '../db/schema';

/** A table of items visitors reach by slug, with what visibleRows needs. */
export type SlugTable = PgTable & {
  id: PgColumn;
  slug: PgColumn;
  published: PgColumn;
  publishedAt?: PgColumn;
  unpublishAt?: PgColumn;
  deletedAt: PgColumn;
};

/**
 * The table whose published item a one-slug page shows, by the page's kind: the hero's link check
 * (admin/content-block-checks.ts) and a release's preflight (site/preflight.ts) read it.
 */
export const ITEM_TABLES: Partial<Record<PageKind, SlugTable>> = {
  service: services,
  'case-study': caseStudies,
  'blog-post': blogPosts,
  'cms-page': pages,
};
