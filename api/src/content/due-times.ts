/**
 * When each content family changes by itself: a scheduled item goes live, a published one reaches its
 * unpublish date. The public cache drops a family's answers then (app.ts), on every instance, since
 * each reads the times from the database.
 */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { CONTENT_TYPE_NAMES, type ContentType } from '@agency/contracts';
import type { AppContext } from '../app-context';
import type { ContentTag } from '../http/public-reads';
import { CONTENT_ENTRIES, type ContentTable } from './content-type-entries';

type TimedTable = ContentTable & { published: PgColumn; unpublishAt: PgColumn; publishedAt?: PgColumn };

/**
 * The families that change by themselves at a stored time: a scheduled item goes live (types with a
 * publish date), a published item reaches its unpublish date (every type).
 */
export const SCHEDULED_TAGS: readonly ContentTag[] = [
  ...new Set(CONTENT_TYPE_NAMES.flatMap((type) => CONTENT_ENTRIES[type].tags)),
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
    types = CONTENT_TYPE_NAMES.filter((type) => CONTENT_ENTRIES[type].tags.some((t) => asked.has(t)));
    for (const type of types) for (const t of CONTENT_ENTRIES[type].tags) asked.add(t);
  }
  const rows = await Promise.all(
    types.map(async (type) => {
      const { table, tags } = CONTENT_ENTRIES[type];
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
