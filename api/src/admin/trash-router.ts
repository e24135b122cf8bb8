import { Router } from 'express';
import { and, eq, isNotNull, lt } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { TRASH_RETENTION_DAYS, trashItemParams, type TrashItem, type TrashType } from '@agency/contracts';
import type { Db } from '../db/client';
import { media } from '../db/schema';
import { deleteUploadedFile } from '../files/uploaded-files';
import { mediaItem } from './media-router';
import { notFound } from '../http/errors';
import { parseParams } from '../http/validate';
import { clockOf } from '../content/visibility';
import { shownRow } from './crud-router';
import { forgetRevisions } from './revisions';
import { CONTENT_TYPE_DEFINITIONS } from './content-types';
import { LIBRARY_FILE_TAGS, declareDrops, type ContentTag } from '../http/public-reads';

type TrashTable = PgTable & { id: PgColumn; deletedAt: PgColumn };

/**
 * Each kind of item the trash holds, by its admin path segment: every content type of the registry
 * (the column staff know it by, and the public answers its restore or deletion changes), and library files.
 */
const TRASHABLE = Object.fromEntries([
  ...CONTENT_TYPE_DEFINITIONS.map(({ type, table, title, label, tags }) => [
    type,
    { table, title, label, tags },
  ]),
  ['media', { table: media, title: media.originalName, label: 'File', tags: LIBRARY_FILE_TAGS }],
]) as Record<TrashType, { table: TrashTable; title: PgColumn; label: string; tags: readonly ContentTag[] }>;

/** A trashed library file goes for good with its bytes and responsive copies (no history to forget). */
async function deleteTrashedFiles(db: Db, where: ReturnType<typeof and>): Promise<number> {
  const rows = await db.select({ id: media.id }).from(media).where(where);
  let gone = 0;
  for (const { id } of rows) if (await deleteUploadedFile(db, id)) gone++;
  return gone;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes for good what has been in the trash longer than TRASH_RETENTION_DAYS (by the app's clock).
 * Trashed rows are already out of every public answer, so no cache changes. Answers how many went.
 */
export async function purgeTrash(db: Db): Promise<number> {
  const cutoff = new Date(clockOf(db)().getTime() - TRASH_RETENTION_DAYS * DAY_MS).toISOString();
  let purged = 0;
  for (const [type, { table }] of Object.entries(TRASHABLE) as [TrashType, (typeof TRASHABLE)[TrashType]][]) {
    if (type === 'media') {
      purged += await deleteTrashedFiles(db, and(isNotNull(media.deletedAt), lt(media.deletedAt, cutoff)));
      continue;
    }
    // The rows and their history go together, or not at all.
    const gone = await db.transaction(async (tx) => {
      const rows = await tx
        .delete(table)
        .where(and(isNotNull(table.deletedAt), lt(table.deletedAt, cutoff)))
        .returning({ id: table.id });
      await forgetRevisions(
        tx as unknown as Db,
        type,
        rows.map((g) => g.id as number),
      );
      return rows;
    });
    purged += gone.length;
  }
  return purged;
}

/**
 * /api/admin/trash: GET lists trashed items of every type (newest first; anything past its 30 days is
 * purged first), POST /:type/:id/restore puts one back, DELETE /:type/:id deletes it for good.
 */
export function trashRouter(db: Db) {
  const router = Router();

  router.get('/', async (_req, res) => {
    await purgeTrash(db);
    const lists = await Promise.all(
      (Object.entries(TRASHABLE) as [TrashType, (typeof TRASHABLE)[TrashType]][]).map(
        async ([type, { table, title }]) => {
          const rows = await db
            .select({ id: table.id, title, deletedAt: table.deletedAt })
            .from(table as PgTable)
            .where(isNotNull(table.deletedAt));
          return rows.map((r): TrashItem => ({
            type,
            id: r.id as number,
            title: String(r.title),
            deletedAt: new Date(r.deletedAt as string).toISOString(),
          }));
        },
      ),
    );
    const items = lists.flat().sort((a, b) => (a.deletedAt < b.deletedAt ? 1 : -1));
    res.json(items);
  });

  const trashed = (table: TrashTable, id: number) => and(eq(table.id, id), isNotNull(table.deletedAt));

  router.post('/:type/:id/restore', async (req, res) => {
    const { type, id } = parseParams(trashItemParams, req);
    const { table, label, tags } = TRASHABLE[type];
    declareDrops(res, tags);
    const restored = await db
      .update(table)
      .set({ deletedAt: null } as never)
      .where(trashed(table, id))
      .returning();
    if (!restored.length) throw notFound(`${label} not found in the trash`);
    if (type === 'media') return void res.json(mediaItem(restored[0] as typeof media.$inferSelect));
    res.json(shownRow(restored[0] as Record<string, unknown>));
  });

  router.delete('/:type/:id', async (req, res) => {
    const { type, id } = parseParams(trashItemParams, req);
    const { table, label, tags } = TRASHABLE[type];
    declareDrops(res, tags);
    if (type === 'media') {
      if (!(await deleteTrashedFiles(db, trashed(table, id))))
        throw notFound(`${label} not found in the trash`);
      return void res.status(204).end();
    }
    const gone = await db.transaction(async (tx) => {
      const rows = await tx.delete(table).where(trashed(table, id)).returning({ id: table.id });
      if (rows.length) await forgetRevisions(tx as unknown as Db, type, [id]);
      return rows;
    });
    if (!gone.length) throw notFound(`${label} not found in the trash`);
    res.status(204).end();
  });

  return router;
}

/** Purges at start and then every hour; stop() clears the timer (the process may exit without it). */
export function schedulePurge(db: Db, onError: (err: unknown) => void, everyMs = 60 * 60 * 1000) {
  const run = () => void purgeTrash(db).catch(onError);
  run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
