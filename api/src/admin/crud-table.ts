// What a staff-managed table is to the CRUD routes (crud-router.ts, crud-bulk-actions.ts): its
// configuration, its rows' shape, which rows are live, the row staff get, and the stored publish date.
import { and, eq, isNull, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { ContentType } from '@agency/contracts';

export type Row = Record<string, unknown>;
export type StoredRow = Row & { updatedAt: string };
export type CrudTable = PgTable & { id: PgColumn; updatedAt: PgColumn; deletedAt: PgColumn };

export interface CrudConfig<S extends z.ZodObject> {
  /** The admin path segment, which also names the item's revisions and its place in the trash. */
  type: ContentType;
  table: CrudTable;
  /** `.strict()` body schema from the contracts; POST and PUT take the full object. */
  schema: S;
  /** List order (newest or display order first). */
  orderBy: (PgColumn | SQL)[];
  /** The unique column a duplicate would hit, and the message staff see then. */
  unique: { field: string; message: string };
  /** What the entity is called in messages ('Page', 'Service', ...). */
  label: string;
  /** The field staff know an item by (its title, else its name): a duplicate's says "(copy)". */
  titleField?: string;
  /** Extra columns derived on the server (e.g. a blog post's publishedAt). */
  derive?: (values: z.output<S>, existing: Row | undefined, now: Date) => Row;
  /**
   * Checks that need the database (a link to an existing page, say), after the schema and before any
   * write; throws an HttpError (400 with field messages) to refuse. `existing` is the stored row of an
   * update or restore, undefined for a create.
   */
  check?: (values: z.output<S>, existing: Row | undefined) => Promise<void>;
  /**
   * The internal links of a saved item's bodies that lead to no page (body-links.ts): its create and
   * update answers name them as `deadLinks`, a warning, not a refusal.
   */
  deadLinks?: (values: z.output<S>) => Promise<string[]>;
}

/**
 * The stored publish date: the one staff gave (null clears it), else the stored one; a published item
 * without one is stamped with the time it was first published. A future date makes it Scheduled.
 */
export function publishDate(
  values: { published: boolean; publishedAt?: string | null | undefined },
  existing: Row | undefined,
  now: Date,
): { publishedAt: string | null } {
  const given =
    values.publishedAt === undefined
      ? ((existing?.['publishedAt'] as string | null | undefined) ?? null)
      : values.publishedAt && new Date(values.publishedAt).toISOString();
  // Stamped to the whole second: the CMS edits publish dates to the second, so saving the form again
  // keeps the stamp instead of changing it (and showing up in the item's history).
  const stamp = new Date(Math.floor(now.getTime() / 1000) * 1000).toISOString();
  return { publishedAt: given ?? (values.published ? stamp : null) };
}

/** A row as staff clients get it: without deleted_at (always null outside the trash). */
export const shownRow = ({ deletedAt: _deleted, ...row }: Row): Row => row;

/** A row that is not in the trash: the only rows the CRUD routes read or write. */
export const liveRow = (table: CrudTable, id: number) => and(eq(table.id, id), isNull(table.deletedAt));
