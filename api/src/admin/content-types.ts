/**
 * The API's half of the content-type registry (the browser-safe half, with labels and public routes,
 * is CONTENT_TYPES in packages/contracts). A type's table (CONTENT_TABLES, beside the tables) and its
 * input schema (CONTENT_INPUT_SCHEMAS, beside the schemas) are found by its name; everything else has
 * a default, and a type says here only what differs: its list order, unique column, the column the
 * trash shows, the cache tags a write drops (Payload's `afterChange`: the type declares its effects;
 * nothing infers them from a URL), database checks and routes of its own. The admin mounts, the trash,
 * the scheduler's tags, OpenAPI's staff paths and the preview's tables derive from it.
 */
import { Router, type RequestHandler } from 'express';
import { and, asc, desc, eq, getTableColumns, gt, isNull, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import {
  AdminMessages,
  CONTENT_INPUT_SCHEMAS,
  CONTENT_TYPES,
  CONTENT_TYPE_NAMES,
  adminPathOf,
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
import type { AppContext } from '../app-context';
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
import { toPublicPage, toPublicResource, withBodyImages, withImages } from '../content/content-repository';
import {
  publicServiceDetailSchema,
  publicServiceSchema,
  toPublicService,
  toPublicServiceCard,
} from '../content/public-services';
import type { ContentTag } from '../http/public-reads';
import { crudRouter } from './crud-router';
import { publishDate, type CrudConfig, type CrudTable } from './crud-table';
import { checkBlock, checkPageSlug } from './content-block-checks';
import { deadLinksIn } from './body-links';
import { readLegacyServiceBody } from './legacy-service-body';
import { resourceUploadRouter } from './resource-upload-router';

type Row = Record<string, unknown>;
type Unanswered = unknown[] | Promise<unknown[]>;

/** One type as the API sees it (the shared facts come from CONTENT_TYPES). */
/** What a type's checks and own routes may use of the app (and the CRUD router: the database and the clock). */
export type ContentTypeDeps = Pick<AppContext, 'db' | 'env' | 'clock' | 'rateLimits' | 'siteTables'>;

export interface ContentTypeEntry<S extends z.ZodObject = z.ZodObject> {
  table: CrudTable;
  /** `.strict()` body schema from the contracts; POST and PUT take the full object. */
  schema: S;
  /** List order. Default: newest first (createdAt, then id). */
  orderBy: (PgColumn | SQL)[];
  /** The unique column a duplicate would hit, and the message staff see then. Default: its slug, else the id. */
  unique: { field: string; message: string };
  /** The column staff know a trashed item by. Default: its title, else its name. */
  title: PgColumn;
  /** The public answers a successful write to the type (or its trash) changes. Default: its own. */
  tags: readonly ContentTag[];
  /** Fields a stored row answers besides the input ones and id/createdAt/updatedAt (OpenAPI). */
  stored?: Record<string, z.ZodType>;
  /** Extra columns derived on the server; a `scheduled` type stamps its publish date without one. */
  derive?(values: z.output<S>, existing: Row | undefined, now: Date): Row;
  /** Checks that need the database or the site's route table (see CrudConfig.check). */
  check?(deps: ContentTypeDeps, values: z.output<S>, existing: Row | undefined): Promise<void>;
  /** Its rich-text bodies (markdown or HTML), whose internal links a save checks (CrudConfig.deadLinks). */
  bodies?(values: z.output<S>): string[];
  /** Routes of its own beside the eight CRUD ones (an upload), or middleware before them. */
  routes?(deps: ContentTypeDeps): RequestHandler;
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

type Overrides<S extends z.ZodObject> = Partial<Omit<ContentTypeEntry<S>, 'table' | 'schema'>>;

/** Whether a type's table has a column the Trash can name its items by without being told (title, else name). */
type TitledByDefault<T extends ContentType> =
  Extract<keyof (typeof CONTENT_TABLES)[T]['_']['columns'], 'title' | 'name'> extends never ? false : true;

/**
 * What a type declares where it differs from the defaults, checked against its own schema. A type
 * whose table has neither a `title` nor a `name` column must say which column the Trash shows
 * (`title`): the compiler asks for it, instead of the Trash failing for every type at run time.
 */
type TypeOverrides = {
  readonly [T in ContentType as TitledByDefault<T> extends true ? T : never]?: Overrides<
    (typeof CONTENT_INPUT_SCHEMAS)[T]
  >;
} & {
  readonly [T in ContentType as TitledByDefault<T> extends true ? never : T]: Overrides<
    (typeof CONTENT_INPUT_SCHEMAS)[T]
  > & { title: PgColumn };
};

const OVERRIDES: TypeOverrides = {
  /** CMS pages (`content` is `{ body: markdown }`): the last edited first; never at a remote's address. */
  pages: {
    orderBy: [desc(pages.updatedAt), asc(pages.id)],
    publicAnswer: (_db, rows) => rows.map((r) => toPublicPage(r as typeof pages.$inferSelect)),
    publicSchema: publicPageSchema,
    check: checkPageSlug,
    bodies: (page) => [typeof page.content['body'] === 'string' ? page.content['body'] : ''],
  },
  /** 'homepage-hero' and friends; published = Active. Visitors read one block by its identifier. */
  'content-blocks': {
    orderBy: [asc(contentBlocks.identifier)],
    unique: { field: 'identifier', message: AdminMessages.identifierTaken },
    check: checkBlock,
    publicAnswer: (_db, rows) => rows.map((r) => contentBlockSchema.parse(r)),
    publicSchema: contentBlockSchema,
    publicParams: contentBlockParamsSchema,
    publicMissing: (identifier) => `No content block '${identifier}'`,
  },
  /** Visitors get the list's cards and an item's whole page (services/public-services.ts). */
  services: {
    orderBy: [asc(services.displayOrder), asc(services.id)],
    routes: () => readLegacyServiceBody,
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
    bodies: (post) => [post.content],
  },
  /** Visitors get each study with its library image in responsive form. */
  'case-studies': {
    publicAnswer: (db, rows) => withImages(db, rows as (typeof caseStudies.$inferSelect)[]),
    publicSchema: caseStudySchema,
  },
  /** `title` is the person's job title: the trash shows their name. */
  testimonials: {
    orderBy: [asc(testimonials.displayOrder), asc(testimonials.id)],
    title: testimonials.name,
    publicSchema: testimonialSchema,
  },
  /**
   * Plus POST /api/admin/resources/upload (field `file`) for the download file. Visitors' list counts
   * the downloads, and a gated resource's never says where its file is.
   */
  resources: {
    stored: { downloadCount: z.number().int() },
    routes: resourceUploadRouter,
    publicOrder: [asc(resources.id)],
    publicAnswer: (_db, rows) => rows.map((r) => toPublicResource(r as typeof resources.$inferSelect)),
    publicSchema: resourceSchema,
  },
};

/** A type's entry: its table and schema by name, the defaults, and what it declares of its own. */
function entryOf(type: ContentType): ContentTypeEntry {
  const table = CONTENT_TABLES[type] as unknown as CrudTable;
  const columns = getTableColumns(table) as Record<string, PgColumn | undefined>;
  const label = CONTENT_TYPES[type].label;
  const own = (OVERRIDES as Partial<Record<ContentType, Overrides<z.ZodObject>>>)[type];
  return {
    table,
    schema: CONTENT_INPUT_SCHEMAS[type],
    orderBy: [desc(columns['createdAt']!), desc(table.id)],
    unique: columns['slug']
      ? { field: 'slug', message: AdminMessages.slugTaken }
      : { field: 'id', message: `This ${label.toLowerCase()} already exists` },
    title: titleColumn(type, columns),
    tags: [type],
    ...(own as Overrides<z.ZodObject> | undefined),
  };
}

/** The column the Trash names a type's items by: its own declaration, else `title`, else `name`. */
function titleColumn(type: ContentType, columns: Record<string, PgColumn | undefined>): PgColumn {
  const own = (OVERRIDES as Partial<Record<ContentType, Overrides<z.ZodObject>>>)[type]?.title;
  const column = own ?? columns['title'] ?? columns['name'];
  if (!column)
    throw new Error(`Content type ${type}: its table has no title or name column; declare 'title'`);
  return column;
}

const timestamp = z.iso.datetime({ offset: true });

/** A stored item: its input fields, the row's id and timestamps, and what else its type stores. */
export const storedRowSchema = (input: z.ZodObject, extra: Record<string, z.ZodType> = {}) =>
  z.object({ ...input.shape, id: z.number().int(), createdAt: timestamp, updatedAt: timestamp, ...extra });

/** A public item's contract: the type's own (`publicSchema`), else the stored item's. */
export const publicSchemaOf = ({ publicSchema, schema, stored }: ContentTypeEntry): z.ZodObject =>
  publicSchema ?? storedRowSchema(schema, stored);

/** An item of a type's public list: its own contract (`publicListSchema`), else the item's. */
export const publicListSchemaOf = (entry: ContentTypeEntry): z.ZodObject =>
  entry.publicListSchema ?? publicSchemaOf(entry);

export const CONTENT_TYPE_ENTRIES = Object.fromEntries(
  CONTENT_TYPE_NAMES.map((type) => [type, entryOf(type)]),
) as { readonly [T in ContentType]: ContentTypeEntry };

const STORED_PUBLISH_DATE = { publishedAt: z.iso.datetime({ offset: true }).nullable() };

/** Everything the registry knows of a type: both halves, and its admin path. */
export interface ContentTypeDefinition extends ContentTypeEntry, ContentTypeInfo {
  type: ContentType;
  adminPath: string;
  /** The row field (and input field) of its `title` column: what a stored snapshot names it by. */
  titleField: string;
}

/** The row field a column of `table` is read as ('name' for testimonials.name). */
const fieldOf = (table: CrudTable, column: PgColumn): string =>
  Object.entries(getTableColumns(table as never)).find(([, c]) => c === column)![0];

export const contentType = (type: ContentType): ContentTypeDefinition => {
  const info: ContentTypeInfo = CONTENT_TYPES[type];
  const own = CONTENT_TYPE_ENTRIES[type];
  return {
    ...info,
    ...own,
    type,
    adminPath: adminPathOf(type),
    titleField: fieldOf(own.table, own.title),
    ...(info.scheduled && { stored: { ...STORED_PUBLISH_DATE, ...own.stored } }),
  };
};

/** Every content type, in the registry's order. */
export const CONTENT_TYPE_DEFINITIONS: readonly ContentTypeDefinition[] = CONTENT_TYPE_NAMES.map(contentType);

/**
 * What the generic CRUD router needs of a type (its checks, the publish date of scheduled types).
 * `deps`: the app's, for checks against the site's route table; without them (a preview), no checks.
 */
export function crudConfigOf(db: Db, type: ContentType, deps?: ContentTypeDeps): CrudConfig<z.ZodObject> {
  const { label, table, schema, orderBy, unique, scheduled, derive, check, bodies, titleField } =
    contentType(type);
  return {
    type,
    label,
    titleField,
    table,
    schema,
    orderBy,
    unique,
    ...(derive ? { derive } : scheduled && { derive: publishDate as ContentTypeEntry['derive'] }),
    ...(check && deps && { check: (values, existing) => check(deps, values, existing) }),
    ...(bodies &&
      deps && {
        deadLinks: async (values) => deadLinksIn(deps, bodies(values), await deps.siteTables.live()),
      }),
  };
}

/** The routes of a type's staff collection: its own (if any), then the eight CRUD ones. */
export function contentTypeRouter(deps: ContentTypeDeps, type: ContentType): Router {
  const own = CONTENT_TYPE_ENTRIES[type].routes?.(deps);
  const crud = crudRouter(deps, crudConfigOf(deps.db, type, deps));
  return own ? Router().use(own, crud) : crud;
}

type TimedTable = CrudTable & { published: PgColumn; unpublishAt: PgColumn; publishedAt?: PgColumn };

/**
 * The families that change by themselves at a stored time: a scheduled item goes live (types with a
 * publish date), a published item reaches its unpublish date (every type).
 */
export const SCHEDULED_TAGS: readonly ContentTag[] = [
  ...new Set(CONTENT_TYPE_NAMES.flatMap((type) => CONTENT_TYPE_ENTRIES[type].tags)),
];

/**
 * When the next public change of each type happens by itself (a scheduled item goes live, a published
 * one reaches its unpublish date; null: none ahead), in ms, by tag: the public cache drops the tag then.
 */
export async function nextDueTimes(
  { db, clock }: Pick<AppContext, 'db' | 'clock'>,
  /** Only the types of these families (those a change touched); default: every type. */
  only: readonly ContentTag[] = SCHEDULED_TAGS,
): Promise<Partial<Record<ContentTag, number | null>>> {
  const now = clock().toISOString();
  const due: Partial<Record<ContentTag, number | null>> = {};
  // Every type that shares a family with those asked for: a family's time is the earliest of them all.
  const asked = new Set(only);
  let types: ContentType[] = [];
  for (let size = -1; size !== asked.size;) {
    size = asked.size;
    types = CONTENT_TYPE_NAMES.filter((type) => CONTENT_TYPE_ENTRIES[type].tags.some((t) => asked.has(t)));
    for (const type of types) for (const t of CONTENT_TYPE_ENTRIES[type].tags) asked.add(t);
  }
  const rows = await Promise.all(
    types.map(async (type) => {
      const { table, tags } = CONTENT_TYPE_ENTRIES[type];
      const { published, publishedAt, unpublishAt, deletedAt } = table as TimedTable;
      const [row] = await db
        .select({
          goesLive: publishedAt
            ? sql<string | null>`min(${publishedAt}) filter (where ${gt(publishedAt, now)})`
            : sql<null>`null`,
          goes: sql<string | null>`min(${unpublishAt}) filter (where ${gt(unpublishAt, now)})`,
        })
        .from(table)
        .where(and(eq(published, true), isNull(deletedAt)));
      return { tags, row };
    }),
  );
  for (const { tags, row } of rows) {
    const times = [row?.goesLive, row?.goes].filter(Boolean).map((at) => new Date(at!).getTime());
    const at = times.length ? Math.min(...times) : Infinity;
    for (const tag of tags) due[tag] = Math.min(due[tag] ?? Infinity, at);
  }
  for (const tag of Object.keys(due) as ContentTag[]) if (due[tag] === Infinity) due[tag] = null;
  return due;
}
