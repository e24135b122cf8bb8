import { Router } from 'express';
import { and, desc, eq, gt, inArray, isNull, ne } from 'drizzle-orm';
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
import type { AppContext } from '../app-context';
import { contentDrafts, revisions } from '../db/schema';
import { CONTENT_TYPE_DEFINITIONS } from './content-types';

const asIso = (at: unknown) => new Date(String(at)).toISOString();
const TYPES = new Set<string>(CONTENT_TYPE_NAMES);

/** The field a stored snapshot names each type's items by (the registry's `title` column). */
const titleFields = Object.fromEntries(CONTENT_TYPE_DEFINITIONS.map((d) => [d.type, d.titleField])) as Record<
  ContentType,
  string
>;

type Scheduled = Overview['scheduled'][number];
const column = (table: unknown, name: string) => (table as Record<string, PgColumn | undefined>)[name];

/**
 * What happens by itself soon: published items dated after now go live, scheduled drafts of live
 * items put their changes live (content_drafts), and items with an unpublish date leave the site.
 */
async function scheduled({ db, clock }: Pick<AppContext, 'db' | 'clock'>): Promise<Overview['scheduled']> {
  const now = clock().toISOString();
  const item =
    (type: ContentType, what: Scheduled['what']) => (r: { id: unknown; title: unknown; at: unknown }) =>
      ({ type, id: Number(r.id), title: String(r.title ?? ''), at: asIso(r.at), what }) satisfies Scheduled;
  const lists = await Promise.all(
    CONTENT_TYPE_DEFINITIONS.flatMap(({ type, table, title }) => {
      const published = column(table, 'published')!;
      const live = (at: PgColumn) =>
        db
          .select({ id: table.id, title, at })
          .from(table)
          .where(and(isNull(table.deletedAt), eq(published, true), gt(at, now)))
          .orderBy(at)
          .limit(OVERVIEW_LIMIT);
      const publishedAt = column(table, 'publishedAt');
      const unpublishAt = column(table, 'unpublishAt');
      return [
        publishedAt ? live(publishedAt).then((rows) => rows.map(item(type, 'goes-live'))) : [],
        unpublishAt ? live(unpublishAt).then((rows) => rows.map(item(type, 'unpublishes'))) : [],
      ];
    }),
  );
  const drafts = await db
    .select({
      type: contentDrafts.entityType,
      id: contentDrafts.entityId,
      data: contentDrafts.data,
      at: contentDrafts.publishAt,
    })
    .from(contentDrafts)
    .where(gt(contentDrafts.publishAt, now))
    .orderBy(contentDrafts.publishAt)
    .limit(OVERVIEW_LIMIT);
  const changes = drafts
    .filter((d) => TYPES.has(d.type))
    .map((d) => item(d.type, 'changes')({ id: d.id, title: d.data[titleFields[d.type]], at: d.at }));
  return [...lists.flat(), ...changes].sort((a, b) => a.at.localeCompare(b.at)).slice(0, OVERVIEW_LIMIT);
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
export function overviewRouter(app: Pick<AppContext, 'db' | 'clock'>) {
  const { db } = app;
  const router = Router();
  router.get(OVERVIEW_PATH.replace('/api/admin', ''), async (_req, res) => {
    const [soon, edits] = await Promise.all([scheduled(app), recentEdits(db)]);
    res.json({ scheduled: soon, recentEdits: edits } satisfies Overview);
  });
  return router;
}
