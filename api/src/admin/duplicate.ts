import { like, getTableColumns } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { ErrorCode } from '@agency/contracts';
import type { Db } from '../db/client';
import { HttpError } from '../http/errors';
import type { CrudConfig, StoredRow } from './crud-table';

/** How many copies of one item may share its slug's stem (`-copy`, `-copy-2`, …) before staff rename one. */
const MAX_COPIES = 50;

/**
 * The values of a copy of `existing`, as its type's input schema takes them: unpublished, its title
 * (or name) followed by " (copy)", and its unique field (a slug, an identifier) made free with
 * `-copy`, `-copy-2`, … (trashed items keep theirs, so they count as taken). Refused with 400 when
 * the stored item no longer satisfies the schema (a field a later rule tightened): staff fix it first.
 */
export async function duplicateValues<S extends z.ZodObject>(
  db: Db,
  { schema, table, unique, titleField }: CrudConfig<S>,
  existing: StoredRow,
): Promise<z.output<S>> {
  const input: Record<string, unknown> = {};
  for (const key of Object.keys(schema.shape)) if (existing[key] !== undefined) input[key] = existing[key];
  if ('published' in schema.shape) input['published'] = false;
  if ('publishedAt' in schema.shape) input['publishedAt'] = null;
  const title = titleField && input[titleField];
  if (typeof title === 'string') input[titleField!] = `${title} (copy)`;
  const stem = input[unique.field];
  const column = getTableColumns(table as PgTable)[unique.field] as PgColumn | undefined;
  if (typeof stem === 'string' && column) {
    const taken = new Set(
      (
        await db
          .select({ value: column })
          .from(table as PgTable)
          .where(like(column, `${stem}-copy%`))
      ).map((r) => r.value),
    );
    const free = Array.from({ length: MAX_COPIES }, (_, i) => `${stem}-copy${i ? `-${i + 1}` : ''}`).find(
      (candidate) => !taken.has(candidate),
    );
    if (!free)
      throw new HttpError(
        409,
        ErrorCode.CONFLICT,
        `${MAX_COPIES} copies of this item already exist: rename one first`,
      );
    input[unique.field] = free;
  }
  const parsed = schema.safeParse(input);
  if (!parsed.success)
    throw new HttpError(
      400,
      ErrorCode.VALIDATION,
      `This item cannot be copied as it is: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}. Save it with the fields corrected first.`,
    );
  return parsed.data;
}
