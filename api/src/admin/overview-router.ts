import { Router } from 'express';
import { and, desc, eq, getTableColumns, gt, inArray, isNull, ne } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  CONTENT_TYPE_NAMES,
  OVERVIEW_LIMIT,
  OVERVIEW_PATH,
  OWNER_NAME,
  type ContentType,
  type Overview,
} from '@agency/contracts';
import type { Db } from '../db/client';
import { revisions } from '../db/schema';
import { nowIso } from '../content/visibility';
import { CONTENT_TYPE_DEFINITIONS } from './content-types';

const asIso = (at: unknown) => new Date(String(at)).toISOString();
const TYPES = new Set<string>(CONTENT_TYPE_NAMES);

/** The name of the column a type's items are known by (the registry's `title`), as a row field. */
const titleFields = Object.fromEntries(
  CONTENT_TYPE_DEFINITIONS.map(({ type, table, title }) => [
    type,
    Object.entries(getTableColumns(table as never)).find(([, column]) => column === title)?.[0] ?? 'title',
  ]),
) as Record<ContentType, string>;

/** Published items of the scheduled types dated after now: they go live by themselves. */
async function scheduled(db: Db): Promise<Overview['scheduled']> {
  const now = nowIso(db);
  const lists = await Promise.all(
    CONTENT_TYPE_DEFINITIONS.filter((d) => d.scheduled).map(async ({ type, table, title }) => {
      const publishedAt = (table as unknown as { publishedAt: PgColumn }).publishedAt;
      const published = (table as unknown as { published: PgColumn }).published;
      const rows = await db
        .select({ id: table.id, title, at: publishedAt })
        .from(table)
        .where(and(isNull(table.deletedAt), eq(published, true), gt(publishedAt, now)))
        .orderBy(publishedAt)
        .limit(OVERVIEW_LIMIT);
      return rows.map((r) => ({ type, id: Number(r.id), title: String(r.title ?? ''), at: asIso(r.at) }));
    }),
  );
  return lists
    .flat()
    .sort((a, b) => a.at.localeCompare(b.at))
    .slice(0, OVERVIEW_LIMIT);
}

/** The latest content saves (not the baselines found before a first save), newest first. */
async function recentEdits(db: Db): Promise<Overview['recentEdits']> {
  const rows = await db
    .select({
      type: revisions.entityType,
      id: revisions.entityId,
      kind: revisions.kind,
      snapshot: revisions.snapshot,
      at: revisions.createdAt,
      by: revisions.actorName,
    })
    .from(revisions)
    .where(and(ne(revisions.kind, 'baseline'), inArray(revisions.entityType, [...TYPES])))
    .orderBy(desc(revisions.id))
    .limit(OVERVIEW_LIMIT);
  return rows.map((r) => {
    const type = r.type as ContentType;
    return {
      type,
      id: r.id,
      title: String(r.snapshot[titleFields[type]] ?? ''),
      at: asIso(r.at),
      by: r.by ?? OWNER_NAME,
      kind: r.kind as Overview['recentEdits'][number]['kind'],
    };
  });
}

/** GET /overview: the CMS Overview's "Coming up" and "Recent edits" (any staff role). */
export function overviewRouter(db: Db) {
  const router = Router();
  router.get(OVERVIEW_PATH.replace('/api/admin', ''), async (_req, res) => {
    const [soon, edits] = await Promise.all([scheduled(db), recentEdits(db)]);
    res.json({ scheduled: soon, recentEdits: edits } satisfies Overview);
  });
  return router;
}
