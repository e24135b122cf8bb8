import { Router } from 'express';
import { and, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { TRASH_RETENTION_DAYS, trashItemParams, type TrashItem, type TrashType } from '@agency/contracts';
import type { Db } from '../db/client';
import { media } from '../db/schema';
import { deleteUploadedFile } from '../files/uploaded-files';
import { mediaItem } from './media-router';
import { notFound } from '../http/errors';
import { parseParams } from '../http/validate';
import { shownRow } from './crud-table';
import { forgetRevisions } from './revisions';
import { CONTENT_TYPE_DEFINITIONS } from './content-types';
import { LIBRARY_FILE_TAGS, declareDrops, type ContentTag } from '../http/public-reads';

type TrashTable = PgTable & { id: PgColumn; deletedAt: PgColumn };

/**
 * Each kind of item the trash holds, by its admin path segment: every content type of the registry
 * (the column staff know it by, and the public answers its restore or deletion changes), and library files.
 */
/** What the Trash holds, by type: the table, the column naming an item, its label and cache tags. */
export const TRASHABLE = Object.fromEntries([
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

/**
 * Past its date by the DATABASE's clock (now() in SQL), never by this process's: a server started with
 * its clock weeks ahead must not see the whole trash as expired. (PGlite's clock is this process's own:
 * there the amount guard below is what stands between a clock jump and an empty trash.)
 */
const pastItsDate = (table: TrashTable) =>
  and(
    isNotNull(table.deletedAt),
    lt(table.deletedAt, sql`now() - make_interval(days => ${TRASH_RETENTION_DAYS})`),
  );

/** Above this many items in one run, or over half of a trash this big or bigger, a purge waits for an operator. */
export const TRASH_PURGE_MAX_ITEMS = 10;

export interface PurgeOptions {
  /** Where each purge, and each refused one, is logged. */
  log?: Logger | undefined;
  /** The operator's word (TRASH_PURGE_CONFIRM=1): purge even a suspicious amount. */
  confirmed?: boolean | undefined;
  /** A run that would purge more than this many items (or over half the trash) is refused. */
  maxItems?: number | undefined;
}

/**
 * Deletes for good what has been in the trash longer than TRASH_RETENTION_DAYS by the database's clock,
 * logging what went. A suspicious amount at once (more than `maxItems`, or more than half of a trash
 * of at least `maxItems` items: the signature of a clock jumped forward) is not purged without the
 * operator's word; a warning names it instead. Trashed rows are already out of every public answer,
 * so no cache changes. Answers how many went.
 */
export async function purgeTrash(db: Db, opts: PurgeOptions = {}): Promise<number> {
  const maxItems = opts.maxItems ?? TRASH_PURGE_MAX_ITEMS;
  const kinds = Object.entries(TRASHABLE) as [TrashType, (typeof TRASHABLE)[TrashType]][];
  const due: { type: TrashType; ids: number[] }[] = [];
  let inTrash = 0;
  for (const [type, { table }] of kinds) {
    const rows = await db
      .select({ id: table.id, due: sql<boolean>`${pastItsDate(table)}` })
      .from(table as PgTable)
      .where(isNotNull(table.deletedAt));
    inTrash += rows.length;
    const ids = rows.filter((r) => r.due).map((r) => r.id as number);
    if (ids.length) due.push({ type, ids });
  }
  const count = due.reduce((n, d) => n + d.ids.length, 0);
  if (!count) return 0;
  const items = Object.fromEntries(due.map((d) => [d.type, d.ids]));
  const suspicious = count > maxItems || (inTrash >= maxItems && count * 2 > inTrash);
  if (suspicious && !opts.confirmed) {
    opts.log?.warn(
      { count, inTrash, items },
      `trash purge refused: ${count} of ${inTrash} trashed items are past their ${TRASH_RETENTION_DAYS} days ` +
        `at once, which looks like a clock jumped forward. Check the clock of this machine and of the ` +
        `database; if they are right, set TRASH_PURGE_CONFIRM=1 and restart to purge them`,
    );
    return 0;
  }
  let purged = 0;
  for (const { type, ids } of due) {
    const { table } = TRASHABLE[type];
    // Still trashed and still past its date (a restore may have come in between).
    const where = and(inArray(table.id, ids), pastItsDate(table));
    if (type === 'media') {
      purged += await deleteTrashedFiles(db, where);
      continue;
    }
    // The rows and their history go together, or not at all.
    const gone = await db.transaction(async (tx) => {
      const rows = await tx.delete(table).where(where).returning({ id: table.id });
      await forgetRevisions(
        tx as unknown as Db,
        type,
        rows.map((g) => g.id as number),
      );
      return rows;
    });
    purged += gone.length;
  }
  opts.log?.info(
    { count: purged, inTrash, items, confirmed: suspicious || undefined },
    `trash purged: ${purged} items past their ${TRASH_RETENTION_DAYS} days deleted for good`,
  );
  return purged;
}

/**
 * /api/admin/trash: GET lists trashed items of every type (newest first; what is past its 30 days goes
 * at the next scheduled purge, which logs it), POST /:type/:id/restore puts one back, DELETE /:type/:id deletes it for good.
 */
export function trashRouter(db: Db) {
  const router = Router();

  router.get('/', async (_req, res) => {
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
export function schedulePurge(
  db: Db,
  onError: (err: unknown) => void,
  opts: PurgeOptions & { everyMs?: number } = {},
) {
  const run = () => void purgeTrash(db, opts).catch(onError);
  run();
  const timer = setInterval(run, opts.everyMs ?? 60 * 60 * 1000);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
