/**
 * The staff half of the content-type registry. It extends the content wing's half
 * (api/src/content/content-type-entries.ts: the table, schema, list order, cache tags and public
 * reads) with what staff writes need, and a type says here only what differs: its unique column, the
 * column the trash shows, database checks, the bodies whose links a save checks, and routes of its own.
 * The admin mounts, the trash, OpenAPI's staff paths and the preview's tables derive from it.
 */
import { Router, type RequestHandler } from 'express';
import { getTableColumns } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import {
  AdminMessages,
  CONTENT_INPUT_SCHEMAS,
  CONTENT_TYPES,
  CONTENT_TYPE_NAMES,
  adminPathOf,
  type ContentType,
  type ContentTypeInfo,
} from '@agency/contracts';
import type { Db } from '../db/client';
import type { AppContext } from '../app-context';
import type { CONTENT_TABLES } from '../db/schema';
import { testimonials } from '../db/schema';
import { CONTENT_ENTRIES, type ContentEntry } from '../content/content-type-entries';
import { crudRouter } from './crud-router';
import { publishDate, type CrudConfig } from './crud-table';
import { checkBlock, checkPageSlug } from './content-block-checks';
import { deadLinksIn } from './body-links';
import { readLegacyServiceBody } from './legacy-service-body';
import { resourceUploadRouter } from './resource-upload-router';

type Row = Record<string, unknown>;

/** What a type's checks and own routes may use of the app (and the CRUD router: the database and the clock). */
export type ContentTypeDeps = Pick<AppContext, 'db' | 'env' | 'clock' | 'rateLimits' | 'siteTables'>;

/** One type as staff writes see it: the content wing's entry, and what writing it takes. */
export interface ContentTypeEntry<S extends z.ZodObject = z.ZodObject> extends ContentEntry<S> {
  /** The unique column a duplicate would hit, and the message staff see then. Default: its slug, else the id. */
  unique: { field: string; message: string };
  /** The column staff know a trashed item by. Default: its title, else its name. */
  title: PgColumn;
  /** Extra columns derived on the server; a `scheduled` type stamps its publish date without one. */
  derive?(values: z.output<S>, existing: Row | undefined, now: Date): Row;
  /** Checks that need the database or the site's route table (see CrudConfig.check). */
  check?(deps: ContentTypeDeps, values: z.output<S>, existing: Row | undefined): Promise<void>;
  /** Its rich-text bodies (markdown or HTML), whose internal links a save checks (CrudConfig.deadLinks). */
  bodies?(values: z.output<S>): string[];
  /** Routes of its own beside the eight CRUD ones (an upload), or middleware before them. */
  routes?(deps: ContentTypeDeps): RequestHandler;
}

type Overrides<S extends z.ZodObject> = Partial<Omit<ContentTypeEntry<S>, keyof ContentEntry>>;

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
  /** CMS pages (`content` is `{ body: markdown }`): never at a remote's address. */
  pages: {
    check: checkPageSlug,
    bodies: (page) => [typeof page.content['body'] === 'string' ? page.content['body'] : ''],
  },
  'content-blocks': {
    unique: { field: 'identifier', message: AdminMessages.identifierTaken },
    check: checkBlock,
  },
  services: { routes: () => readLegacyServiceBody },
  'blog-posts': { bodies: (post) => [post.content] },
  /** `title` is the person's job title: the trash shows their name. */
  testimonials: { title: testimonials.name },
  /** Plus POST /api/admin/resources/upload (field `file`) for the download file. */
  resources: { routes: resourceUploadRouter },
};

/** A type's entry: its table and schema by name, the defaults, and what it declares of its own. */
function entryOf(type: ContentType): ContentTypeEntry {
  const content = CONTENT_ENTRIES[type];
  const columns = getTableColumns(content.table) as Record<string, PgColumn | undefined>;
  const label = CONTENT_TYPES[type].label;
  const own = (OVERRIDES as Partial<Record<ContentType, Overrides<z.ZodObject>>>)[type];
  // The column the Trash names its items by: its own declaration, else `title`, else `name`.
  const title = own?.title ?? columns['title'] ?? columns['name'];
  if (!title) throw new Error(`Content type ${type}: its table has no title or name column; declare 'title'`);
  return {
    ...content,
    unique: columns['slug']
      ? { field: 'slug', message: AdminMessages.slugTaken }
      : { field: 'id', message: `This ${label.toLowerCase()} already exists` },
    ...own,
    title,
  };
}

export const CONTENT_TYPE_ENTRIES = Object.fromEntries(
  CONTENT_TYPE_NAMES.map((type) => [type, entryOf(type)]),
) as { readonly [T in ContentType]: ContentTypeEntry };

/** The row field a column of `table` is read as ('name' for testimonials.name). */
const fieldOf = (table: ContentEntry['table'], column: PgColumn): string =>
  Object.entries(getTableColumns(table)).find(([, c]) => c === column)![0];

/** Everything the registry knows of a type: both halves, and its admin path. */
export interface ContentTypeDefinition extends ContentTypeEntry, ContentTypeInfo {
  type: ContentType;
  adminPath: string;
  /** The row field (and input field) of its `title` column: what a stored snapshot names it by. */
  titleField: string;
}

export const contentType = (type: ContentType): ContentTypeDefinition => {
  const info: ContentTypeInfo = CONTENT_TYPES[type];
  const own = CONTENT_TYPE_ENTRIES[type];
  return {
    ...info,
    ...own,
    type,
    adminPath: adminPathOf(type),
    titleField: fieldOf(own.table, own.title),
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
