import { and, eq, gt, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * What the public may see, in one place: a row is live when it is not in the trash, is published, its
 * publish date (where the type has one) is not in the future and its unpublish date (where it has one)
 * is. A published row dated later is Scheduled: hidden until then; one whose unpublish date has passed
 * is hidden from then on (it stays published in the CMS). Both are read at read time, so every
 * instance agrees the moment the time passes (the public cache drops the families then: nextDueTimes).
 * "Now" is the app's clock (injectable, so tests move time instead of sleeping): createApp makes it
 * part of the AppContext, and every reader is handed that one.
 */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

interface Publishable {
  published: PgColumn;
  deletedAt: PgColumn;
  publishedAt?: PgColumn;
  unpublishAt?: PgColumn;
}

/**
 * The WHERE for public reads of `table`: never trashed rows; with `includeDrafts` (signed-in staff)
 * drafts and scheduled rows too, otherwise only live ones.
 */
export function visibleRows(clock: Clock, table: Publishable, includeDrafts = false): SQL {
  if (includeDrafts) return isNull(table.deletedAt);
  const now = clock().toISOString();
  return and(
    isNull(table.deletedAt),
    eq(table.published, true),
    table.publishedAt ? or(isNull(table.publishedAt), lte(table.publishedAt, now)) : undefined,
    table.unpublishAt ? or(isNull(table.unpublishAt), gt(table.unpublishAt, now)) : undefined,
  )!;
}

/** The same rule for a row already read: published, not dated in the future, not past its unpublish date. */
export function isLive(
  row: { published: boolean; publishedAt?: string | null; unpublishAt?: string | null },
  now: Date,
): boolean {
  return (
    row.published &&
    (!row.publishedAt || new Date(row.publishedAt).getTime() <= now.getTime()) &&
    (!row.unpublishAt || new Date(row.unpublishAt).getTime() > now.getTime())
  );
}
