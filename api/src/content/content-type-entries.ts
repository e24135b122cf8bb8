/**
 * The content wing's half of the content-type registry: what a type is (its table and input schema,
 * found by its name), the order its lists come in, what a stored row answers, the public answers it
 * shows up in (its cache tags), and how visitors read it. The browser-safe half is CONTENT_TYPES in
 * packages/contracts (labels, routes, `publicApi`); the staff half (checks, the Trash's column, own
 * routes) is api/src/admin/content-types.ts, which extends this one. A type says here only what
 * differs from the defaults. The public reads (content-type-reads.ts), their cache, the sitemap's
 * lists, the scheduler's due times and OpenAPI derive from it.
 */
import { asc, desc, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import {
  CONTENT_INPUT_SCHEMAS,
  CONTENT_TYPES,
  CONTENT_TYPE_NAMES,
  blogPostSchema,
  caseStudySchema,
  contentBlockParamsSchema,
  contentBlockSchema,
  publicPageSchema,
  resourceSchema,
  testimonialSchema,
  type ContentType,
  type ContentTypeInfo,
} from '@agency/contracts';
import type { Db } from '../db/client';
import {
  CONTENT_TABLES,
  blogPosts,
  caseStudies,
  contentBlocks,
  pages,
  resources,
  services,
  testimonials,
} from '../db/schema';
import type { ContentTag } from '../http/public-reads';
import { toPublicPage, toPublicResource, withBodyImages, withImages } from './content-repository';
import {
  publicServiceDetailSchema,
  publicServiceSchema,
  toPublicService,
  toPublicServiceCard,
} from './public-services';

type Row = Record<string, unknown>;
type Unanswered = unknown[] | Promise<unknown[]>;

/** A content table as the generic readers and writers see it: an id, timestamps and the trash mark. */
export type ContentTable = PgTable & {
  id: PgColumn;
  createdAt: PgColumn;
  updatedAt: PgColumn;
  deletedAt: PgColumn;
};

/** One type as the content wing sees it. */
export interface ContentEntry<S extends z.ZodObject = z.ZodObject> {
  table: ContentTable;
  /** `.strict()` body schema from the contracts; POST and PUT take the full object. */
  schema: S;
  /** List order (staff's list, and visitors' unless `publicOrder`). Default: newest first (createdAt, then id). */
  orderBy: (PgColumn | SQL)[];
  /**
   * Fields a stored row answers besides the input ones and id/createdAt/updatedAt (OpenAPI); a
   * `scheduled` type's publish date is added without being declared.
   */
  stored?: Record<string, z.ZodType>;
  /** The public answers a successful write to the type (or its trash) changes. Default: its own. */
  tags: readonly ContentTag[];
  /** Its public list order (CONTENT_TYPES' `publicApi`). Default: the staff list's. */
  publicOrder?: (PgColumn | SQL)[];
  /** Its rows as visitors get them (`one`: the item), before the contract's fields are kept. */
  publicAnswer?(db: Db, rows: Row[], one: boolean): Unanswered;
  /** The contract of its public item (its fields are all it answers; OpenAPI). Default: the stored row's. */
  publicSchema?: z.ZodObject;
  /** The contract of an item of its public list, where it differs from the item's. */
  publicListSchema?: z.ZodObject;
  /**
   * Its public item's address parameters, where a malformed one is refused (400). Default: a slug,
   * where a malformed one names nothing (404).
   */
  publicParams?: z.ZodObject;
  /** The 404 message of its public item. Default: '<Label> not found'. */
  publicMissing?(key: string): string;
}

type Overrides<S extends z.ZodObject> = Partial<Omit<ContentEntry<S>, 'table' | 'schema'>>;

/** What each type declares where it differs from the defaults, checked against its own schema. */
const OVERRIDES: { readonly [T in ContentType]?: Overrides<(typeof CONTENT_INPUT_SCHEMAS)[T]> } = {
  /** CMS pages (`content` is `{ body: markdown }`): the last edited first. */
  pages: {
    orderBy: [desc(pages.updatedAt), asc(pages.id)],
    publicAnswer: (_db, rows) => rows.map((r) => toPublicPage(r as typeof pages.$inferSelect)),
    publicSchema: publicPageSchema,
  },
  /** 'homepage-hero' and friends; published = Active. Visitors read one block by its identifier. */
  'content-blocks': {
    orderBy: [asc(contentBlocks.identifier)],
    publicAnswer: (_db, rows) => rows.map((r) => contentBlockSchema.parse(r)),
    publicSchema: contentBlockSchema,
    publicParams: contentBlockParamsSchema,
    publicMissing: (identifier) => `No content block '${identifier}'`,
  },
  /** Visitors get the list's cards and an item's whole page (public-services.ts). */
  services: {
    orderBy: [asc(services.displayOrder), asc(services.id)],
    publicAnswer: (_db, rows, one) => rows.map((r) => (one ? toPublicService(r) : toPublicServiceCard(r))),
    publicSchema: publicServiceDetailSchema,
    publicListSchema: publicServiceSchema,
  },
  /** Visitors read the newest publication first (undated last); an item answers its body's library images. */
  'blog-posts': {
    publicOrder: [
      sql`${blogPosts.publishedAt} desc nulls last`,
      desc(blogPosts.createdAt),
      desc(blogPosts.id),
    ],
    publicAnswer: async (db, rows, one) => (one ? Promise.all(rows.map((r) => withBodyImages(db, r))) : rows),
    publicSchema: blogPostSchema,
  },
  /** Visitors get each study with its library image in responsive form. */
  'case-studies': {
    publicAnswer: (db, rows) => withImages(db, rows as (typeof caseStudies.$inferSelect)[]),
    publicSchema: caseStudySchema,
  },
  testimonials: {
    orderBy: [asc(testimonials.displayOrder), asc(testimonials.id)],
    publicSchema: testimonialSchema,
  },
  /** Visitors' list counts the downloads, and a gated resource's never says where its file is. */
  resources: {
    stored: { downloadCount: z.number().int() },
    publicOrder: [asc(resources.id)],
    publicAnswer: (_db, rows) => rows.map((r) => toPublicResource(r as typeof resources.$inferSelect)),
    publicSchema: resourceSchema,
  },
};

const STORED_PUBLISH_DATE = { publishedAt: z.iso.datetime({ offset: true }).nullable() };

/** A type's entry: its table and schema by name, the defaults, and what it declares of its own. */
function entryOf(type: ContentType): ContentEntry {
  const table = CONTENT_TABLES[type] as unknown as ContentTable;
  const own = OVERRIDES[type] as Overrides<z.ZodObject> | undefined;
  const info: ContentTypeInfo = CONTENT_TYPES[type];
  const stored = info.scheduled ? { ...STORED_PUBLISH_DATE, ...own?.stored } : own?.stored;
  return {
    table,
    schema: CONTENT_INPUT_SCHEMAS[type],
    orderBy: [desc(table.createdAt), desc(table.id)],
    tags: [type],
    ...own,
    ...(stored && { stored }),
  };
}

export const CONTENT_ENTRIES = Object.fromEntries(
  CONTENT_TYPE_NAMES.map((type) => [type, entryOf(type)]),
) as { readonly [T in ContentType]: ContentEntry };

const timestamp = z.iso.datetime({ offset: true });

/** A stored item: its input fields, the row's id and timestamps, and what else its type stores. */
export const storedRowSchema = (input: z.ZodObject, extra: Record<string, z.ZodType> = {}) =>
  z.object({ ...input.shape, id: z.number().int(), createdAt: timestamp, updatedAt: timestamp, ...extra });

/** A public item's contract: the type's own (`publicSchema`), else the stored item's. */
export const publicSchemaOf = ({ publicSchema, schema, stored }: ContentEntry): z.ZodObject =>
  publicSchema ?? storedRowSchema(schema, stored);

/** An item of a type's public list: its own contract (`publicListSchema`), else the item's. */
export const publicListSchemaOf = (entry: ContentEntry): z.ZodObject =>
  entry.publicListSchema ?? publicSchemaOf(entry);
