/**
 * The API's half of the content-type registry (the browser-safe half, with labels and public routes,
 * is CONTENT_TYPES in packages/contracts): per type, its table, input schema, list order, unique
 * column, the column the trash shows, and the cache tags a write to it drops (Payload's
 * `afterChange`: the type declares its effects; nothing infers them from a URL). The admin mounts,
 * the trash, the scheduler's tags, OpenAPI's staff paths and the preview's tables derive from it.
 * A type of CONTENT_TYPES without an entry here is a type error.
 */
import { Router, type RequestHandler } from 'express';
import { and, asc, desc, eq, gt, isNull, min, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import {
  AdminMessages,
  CONTENT_TYPES,
  CONTENT_TYPE_NAMES,
  SCHEDULED_TYPES,
  adminPathOf,
  blogPostInputSchema,
  caseStudyInputSchema,
  contentBlockInputSchema,
  pageInputSchema,
  resourceInputSchema,
  serviceInputSchema,
  testimonialInputSchema,
  type ContentType,
  type ContentTypeInfo,
} from '@agency/contracts';
import type { Db } from '../db/client';
import type { Env } from '../env';
import {
  blogPosts,
  caseStudies,
  contentBlocks,
  pages,
  resources,
  services,
  testimonials,
} from '../db/schema';
import type { ContentTag } from '../http/public-reads';
import { nowIso } from '../content/visibility';
import { crudRouter, publishDate, type CrudConfig, type CrudTable } from './crud-router';
import { checkBlock } from './content-block-checks';
import { readLegacyServiceBody } from './legacy-service-body';
import { resourceUploadRouter } from './resource-upload-router';

type Row = Record<string, unknown>;

/** One type as its registry entry declares it (the shared facts come from CONTENT_TYPES). */
export interface ContentTypeEntry<S extends z.ZodObject = z.ZodObject> {
  table: CrudTable;
  /** `.strict()` body schema from the contracts; POST and PUT take the full object. */
  schema: S;
  /** List order (newest or display order first). */
  orderBy: (PgColumn | SQL)[];
  /** The unique column a duplicate would hit, and the message staff see then. */
  unique: { field: string; message: string };
  /** The column staff know a trashed item by. */
  title: PgColumn;
  /** The public answers a successful write to the type (or its trash) changes. */
  tags: readonly ContentTag[];
  /** Fields a stored row answers besides the input ones and id/createdAt/updatedAt (OpenAPI). */
  stored?: Record<string, z.ZodType>;
  /** Extra columns derived on the server; a `scheduled` type stamps its publish date without one. */
  derive?(values: z.output<S>, existing: Row | undefined, now: Date): Row;
  /** Checks that need the database (see CrudConfig.check). */
  check?(db: Db, values: z.output<S>, existing: Row | undefined): Promise<void>;
  /** Routes of its own beside the eight CRUD ones (an upload), or middleware before them. */
  routes?(deps: { db: Db; env: Env }): RequestHandler;
}

/** Checks one entry against its schema; the registry holds them type-erased. */
const entry = <S extends z.ZodObject>(e: ContentTypeEntry<S>): ContentTypeEntry => e as never;

const STORED_PUBLISH_DATE = { publishedAt: z.iso.datetime({ offset: true }).nullable() };

export const CONTENT_TYPE_ENTRIES: { readonly [T in ContentType]: ContentTypeEntry } = {
  /** CMS pages; `content` is `{ body: markdown }` by agreement with the public renderer. */
  pages: entry({
    table: pages,
    schema: pageInputSchema,
    orderBy: [desc(pages.updatedAt), asc(pages.id)],
    unique: { field: 'slug', message: AdminMessages.slugTaken },
    title: pages.title,
    tags: ['pages'],
  }),
  /** 'homepage-hero' and friends; published = Active. */
  'content-blocks': entry({
    table: contentBlocks,
    schema: contentBlockInputSchema,
    orderBy: [asc(contentBlocks.identifier)],
    unique: { field: 'identifier', message: AdminMessages.identifierTaken },
    title: contentBlocks.name,
    tags: ['content-blocks'],
    check: checkBlock,
  }),
  services: entry({
    table: services,
    schema: serviceInputSchema,
    orderBy: [asc(services.displayOrder), asc(services.id)],
    unique: { field: 'slug', message: AdminMessages.slugTaken },
    title: services.title,
    tags: ['services'],
    routes: () => readLegacyServiceBody,
  }),
  'blog-posts': entry({
    table: blogPosts,
    schema: blogPostInputSchema,
    orderBy: [desc(blogPosts.createdAt), desc(blogPosts.id)],
    unique: { field: 'slug', message: AdminMessages.slugTaken },
    title: blogPosts.title,
    tags: ['blog-posts'],
  }),
  'case-studies': entry({
    table: caseStudies,
    schema: caseStudyInputSchema,
    orderBy: [desc(caseStudies.createdAt), desc(caseStudies.id)],
    unique: { field: 'slug', message: AdminMessages.slugTaken },
    title: caseStudies.title,
    tags: ['case-studies'],
  }),
  /** No unique column besides the id. */
  testimonials: entry({
    table: testimonials,
    schema: testimonialInputSchema,
    orderBy: [asc(testimonials.displayOrder), asc(testimonials.id)],
    unique: { field: 'id', message: 'This testimonial already exists' },
    title: testimonials.name,
    tags: ['testimonials'],
  }),
  /** Plus POST /api/admin/resources/upload (field `file`) for the download file. */
  resources: entry({
    table: resources,
    schema: resourceInputSchema,
    orderBy: [desc(resources.createdAt), desc(resources.id)],
    unique: { field: 'id', message: 'This resource already exists' },
    title: resources.title,
    tags: ['resources'],
    stored: { downloadCount: z.number().int() },
    routes: resourceUploadRouter,
  }),
};

/** Everything the registry knows of a type: both halves, and its admin path. */
export interface ContentTypeDefinition extends ContentTypeEntry, ContentTypeInfo {
  type: ContentType;
  adminPath: string;
}

export const contentType = (type: ContentType): ContentTypeDefinition => {
  const info: ContentTypeInfo = CONTENT_TYPES[type];
  const own = CONTENT_TYPE_ENTRIES[type];
  return {
    ...info,
    ...own,
    type,
    adminPath: adminPathOf(type),
    ...(info.scheduled && { stored: { ...STORED_PUBLISH_DATE, ...own.stored } }),
  };
};

/** Every content type, in the registry's order. */
export const CONTENT_TYPE_DEFINITIONS: readonly ContentTypeDefinition[] = CONTENT_TYPE_NAMES.map(contentType);

/** What the generic CRUD router needs of a type (db-bound checks, the publish date of scheduled types). */
export function crudConfigOf(db: Db, type: ContentType): CrudConfig<z.ZodObject> {
  const { label, table, schema, orderBy, unique, scheduled, derive, check } = contentType(type);
  return {
    type,
    label,
    table,
    schema,
    orderBy,
    unique,
    ...(derive ? { derive } : scheduled && { derive: publishDate as ContentTypeEntry['derive'] }),
    ...(check && { check: (values, existing) => check(db, values, existing) }),
  };
}

/** The routes of a type's staff collection: its own (if any), then the eight CRUD ones. */
export function contentTypeRouter(deps: { db: Db; env: Env }, type: ContentType): Router {
  const own = CONTENT_TYPE_ENTRIES[type].routes?.(deps);
  const crud = crudRouter(deps.db, crudConfigOf(deps.db, type));
  return own ? Router().use(own, crud) : crud;
}

type ScheduledTable = CrudTable & { published: PgColumn; publishedAt: PgColumn };

/** The families that change by themselves when a scheduled item goes live. */
export const SCHEDULED_TAGS: readonly ContentTag[] = [
  ...new Set(SCHEDULED_TYPES.flatMap((type) => CONTENT_TYPE_ENTRIES[type].tags)),
];

/** When the next scheduled item of each scheduled type goes live (null: none scheduled), in ms, by tag. */
export async function nextDueTimes(db: Db): Promise<Partial<Record<ContentTag, number | null>>> {
  const now = nowIso(db);
  const due: Partial<Record<ContentTag, number | null>> = {};
  for (const type of SCHEDULED_TYPES) {
    const { table, tags } = CONTENT_TYPE_ENTRIES[type];
    const { published, publishedAt, deletedAt } = table as ScheduledTable;
    const [row] = await db
      .select({ at: min(publishedAt) })
      .from(table)
      .where(and(eq(published, true), isNull(deletedAt), gt(publishedAt, now)));
    const at = row?.at ? new Date(row.at as string).getTime() : null;
    for (const tag of tags) due[tag] = Math.min(due[tag] ?? Infinity, at ?? Infinity);
  }
  for (const tag of Object.keys(due) as ContentTag[]) if (due[tag] === Infinity) due[tag] = null;
  return due;
}
